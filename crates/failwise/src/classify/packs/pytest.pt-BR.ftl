## Os textos do pacote de regras do pytest (packs/pytest.toml).
pytest-tests-failed-recovery = leia a seção FAILURES, corrija o código ou o teste e rode só esses de novo com `pytest --lf`
pytest-interrupted-recovery = corrija o erro de import ou de sintaxe que a seção ERRORS mostra (instale o módulo que falta) e rode o pytest de novo
pytest-internal-error-recovery = leia o traceback INTERNALERROR para achar o plugin ou conftest.py que falhou, e corrija-o ou desligue-o com `-p no:NAME`
pytest-file-not-found-recovery = confira o caminho de teste `{ $path }` com `ls` e passe um que exista
pytest-usage-error-recovery = corrija a linha de comando; `pytest --help` lista as opções
pytest-no-tests-collected-recovery = rode o pytest onde estão os testes, ou confira os nomes dos arquivos (`test_*.py`) e os filtros `-k`/`-m` com `pytest --collect-only`
pytest-all-deselected-recovery = afrouxe a expressão de `-k`/`-m` (veja o que ela mantém com `pytest --collect-only -q -k ...`) e rode os testes de novo
