## The texts of the uv rule pack (packs/uv.toml).
uv-no-solution-found-recovery = loosen the requirements the `cause:` lines name so they can all hold, then run it again
uv-package-not-found-recovery = correct the package name or version the `cause:` line names in the requirements, then run it again
uv-no-virtual-environment-found-recovery = create one with `uv venv` (or pass `--system` to install into the system Python)
uv-file-not-found-recovery = create `{ $path }` or pass the right file to `-r`
uv-no-pyproject-recovery = run it from the project's directory, or create a project with `uv init`
uv-lockfile-needs-update-recovery = run `uv lock` to update `{ $path }` and commit it, then run it again with `--locked`
uv-failed-to-spawn-recovery = add the package that provides `{ $program }` with `uv add` (or `uv run --with`), or check its name
uv-no-interpreter-found-recovery = install one with `uv python install`, or ask for a Python that is installed (`uv python list`)
uv-failed-to-parse-recovery = fix the syntax error the `cause:` lines point to in `{ $path }`
uv-econnrefused-recovery = check `--index-url` (and `UV_INDEX_URL`), start the index or wait until it listens, then run it again
