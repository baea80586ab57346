## Os textos do pacote de regras do uv (packs/uv.toml).
uv-no-solution-found-recovery = afrouxe os requisitos que as linhas `cause:` citam para que todos possam valer e rode de novo
uv-package-not-found-recovery = confira o nome e a versão do pacote nos requisitos (a linha `cause:` aponta o que falta) e rode de novo
uv-no-virtual-environment-found-recovery = crie um com `uv venv` (ou passe `--system` para instalar no Python do sistema)
uv-file-not-found-recovery = crie `{ $path }` ou passe o arquivo certo para `-r`
uv-no-pyproject-recovery = rode a partir do diretório do projeto, ou crie um projeto com `uv init`
uv-lockfile-needs-update-recovery = rode `uv lock` para atualizar `{ $path }`, faça commit dele e rode de novo com `--locked`
uv-failed-to-spawn-recovery = adicione o pacote que fornece `{ $program }` com `uv add` (ou `uv run --with`), ou confira o nome
uv-no-interpreter-found-recovery = instale um com `uv python install`, ou peça um Python que esteja instalado (`uv python list`)
uv-failed-to-parse-recovery = corrija o erro de sintaxe que as linhas `cause:` apontam em `{ $path }`
uv-econnrefused-recovery = confira o `--index-url` (e `UV_INDEX_URL`), inicie o índice ou espere que escute e rode de novo
