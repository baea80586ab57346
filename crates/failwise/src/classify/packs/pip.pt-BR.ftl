## Os textos do pacote de regras do pip (packs/pip.toml).
pip-no-matching-distribution-recovery = peça uma versão que o índice tenha (`pip index versions <nome>` lista todas), ou confira o nome e o `--index-url`
pip-index-unreachable-message = { $program }: não foi possível ler o índice de pacotes ({ $error }), então nenhuma versão de { $requirement } foi encontrada
pip-new-connection-error-recovery = confira o `--index-url` (e `pip config list`), inicie o índice ou espere que escute e rode de novo
pip-read-timeout-error-recovery = rode de novo, com um `--timeout` maior se o índice estiver lento
pip-invalid-requirement-recovery = escreva o requisito `{ $requirement }` na forma da PEP 508, como `nome==1.0` ou `nome>=1.0`
pip-resolution-impossible-recovery = afrouxe as fixações em conflito que o pip lista em "The conflict is caused by" e rode de novo
pip-externally-managed-environment-recovery = crie um ambiente virtual com `python3 -m venv .venv` e use `.venv/bin/pip`, ou instale um aplicativo com `pipx install`
pip-hash-mismatch-recovery = confira de onde vem o arquivo e então atualize a fixação `--hash` no arquivo de requisitos para a que o pip obteve
pip-hash-missing-recovery = acrescente as linhas `--hash` que o pip mostrou ao arquivo de requisitos, ou tire o `--require-hashes`
pip-hash-unpinned-recovery = fixe com `==` (e seu `--hash`) cada requisito que o pip listou no arquivo de requisitos
pip-http-recovery = espere e rode de novo se o status for 408, 429 ou 5xx; senão confira a URL e o `--index-url`
pip-build-failed-recovery = leia a saída da compilação acima de `note: This error originates from a subprocess`, instale a dependência de compilação que ela aponta, ou peça uma versão com wheel (`pip install --only-binary :all: <nome>`)
pip-directory-not-installable-recovery = rode a partir do diretório do projeto (o que tem pyproject.toml ou setup.py), ou indique esse diretório em vez de `{ $path }`
pip-unknown-command-recovery = rode `pip help` para ver os comandos e use o que o pip sugere
pip-requirements-file-missing-recovery = crie `{ $path }` ou passe o arquivo certo para `-r`
virtualenv-oserror-recovery = escolha um destino que possa ser criado (confira `{ $path }` e o pai com `ls -ld`) e rode `virtualenv` de novo
virtualenv-failed-to-find-interpreter-recovery = instale o Python `{ $python }` ou indique um instalado com `virtualenv -p` (`ls /usr/bin/python3*` lista os que há)
