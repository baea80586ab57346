## The texts of the pytest rule pack (packs/pytest.toml).
pytest-tests-failed-recovery = read the FAILURES section, fix the code or the test, then rerun just those with `pytest --lf`
pytest-interrupted-recovery = fix the import or syntax error the ERRORS section shows (install a missing module), then run pytest again
pytest-internal-error-recovery = read the INTERNALERROR traceback for the plugin or conftest.py that raised, and fix or disable it with `-p no:NAME`
pytest-file-not-found-recovery = check the test path `{ $path }` with `ls`, then pass one that exists
pytest-usage-error-recovery = correct the command line; `pytest --help` lists the options
pytest-no-tests-collected-recovery = run pytest where the tests are, or check the file names (`test_*.py`) and any `-k`/`-m` filter with `pytest --collect-only`
pytest-all-deselected-recovery = loosen the `-k`/`-m` expression (list what it keeps with `pytest --collect-only -q -k ...`), then run the tests again
