## Os textos do pacote de regras python-lint (packs/python-lint.toml).
mypy-found-errors-recovery = corrija os { $errors } erros de tipo listados acima (`arquivo:linha: error: ... [código]`) e rode `mypy` de novo
python-lint-enoent-recovery = confira o caminho `{ $path }` com `ls` e passe um que exista
ruff-found-errors-recovery = corrija as { $errors } violações listadas acima, ou aplique as corrigíveis com `ruff check --fix`
ruff-would-be-reformatted-recovery = rode `ruff format` nos arquivos listados e verifique de novo
ruff-failed-recovery = corrija a opção ou a configuração que o ruff aponta (`ruff check --help`, `[tool.ruff]` no pyproject.toml) e rode de novo
black-would-reformat-recovery = rode `black` nos arquivos listados (`{ $path }` primeiro) e verifique de novo
black-cannot-parse-recovery = corrija a sintaxe em `{ $path }:{ $line }:{ $column }`, ou passe o `--target-version` certo
