## Os textos do pacote de regras do poetry (packs/poetry.toml).
poetry-no-matching-version-recovery = confira o nome e a versão de `{ $package }` com `poetry search` ou no índice e peça uma que exista
poetry-invalid-toml-recovery = corrija a sintaxe TOML de `{ $path }` na linha que o Poetry aponta, conferindo com `poetry check`
poetry-incompatible-constraints-recovery = faça as restrições sobre o mesmo pacote no pyproject.toml concordarem e rode `poetry lock` de novo
poetry-pyproject-not-found-recovery = rode a partir do diretório do projeto, ou crie um projeto com `poetry init`
poetry-version-solving-failed-recovery = mude as restrições (ou o `requires-python` do projeto) que as linhas `Because` citam para que todas possam valer e rode de novo
poetry-lock-file-out-of-date-recovery = rode `poetry lock` para gerar de novo o poetry.lock, faça commit dele e rode de novo
poetry-command-does-not-exist-recovery = rode `poetry list` para ver os comandos e use o que o Poetry sugere em vez de `{ $command }`
poetry-option-does-not-exist-recovery = rode o comando com `--help` para ver as opções e tire ou corrija `{ $option }`
poetry-command-not-found-recovery = adicione o pacote que fornece `{ $program }` com `poetry add`, rode `poetry install` e rode de novo
