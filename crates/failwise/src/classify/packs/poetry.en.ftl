## The texts of the poetry rule pack (packs/poetry.toml).
poetry-no-matching-version-recovery = check the name and version of `{ $package }` with `poetry search` or on the index, and ask for one that exists
poetry-invalid-toml-recovery = fix the TOML syntax in `{ $path }` at the line Poetry names, checking it with `poetry check`
poetry-incompatible-constraints-recovery = make the constraints on the same package in pyproject.toml agree, then run `poetry lock` again
poetry-pyproject-not-found-recovery = run it from the project's directory, or create a project with `poetry init`
poetry-version-solving-failed-recovery = change the constraints (or the project's `requires-python`) the `Because` lines name so they can all hold, then run it again
poetry-lock-file-out-of-date-recovery = run `poetry lock` to regenerate poetry.lock, commit it, then run it again
poetry-command-does-not-exist-recovery = run `poetry list` for the commands and use the one Poetry suggests instead of `{ $command }`
poetry-option-does-not-exist-recovery = run the command with `--help` for its options and drop or correct `{ $option }`
poetry-command-not-found-recovery = add the package that provides `{ $program }` with `poetry add`, run `poetry install`, then run it again
