## The texts of the python-lint rule pack (packs/python-lint.toml).
mypy-found-errors-recovery = fix the { $errors } type errors listed above (`file:line: error: ... [code]`), then run `mypy` again
python-lint-enoent-recovery = check the path `{ $path }` with `ls`, then pass one that exists
ruff-found-errors-recovery = fix the { $errors } violations listed above, or apply the fixable ones with `ruff check --fix`
ruff-would-be-reformatted-recovery = run `ruff format` on the files listed, then check again
ruff-failed-recovery = fix the option or the setting ruff names (`ruff check --help`, `[tool.ruff]` in pyproject.toml), then run it again
black-would-reformat-recovery = run `black` on the files listed (`{ $path }` first), then check again
black-cannot-parse-recovery = fix the syntax at `{ $path }:{ $line }:{ $column }`, or pass the right `--target-version`
