## The texts of the pip rule pack (packs/pip.toml).
pip-no-matching-distribution-recovery = ask for a version the index has (`pip index versions <name>` lists them), or check the name and `--index-url`
pip-index-unreachable-message = { $program }: the package index could not be read ({ $error }), so no version of { $requirement } was found
pip-new-connection-error-recovery = check `--index-url` (and `pip config list`), start the index or wait until it listens, then run it again
pip-read-timeout-error-recovery = run it again, with a larger `--timeout` if the index is slow
pip-invalid-requirement-recovery = write the requirement `{ $requirement }` in PEP 508 form, such as `name==1.0` or `name>=1.0`
pip-resolution-impossible-recovery = loosen the conflicting pins pip lists under "The conflict is caused by", then run it again
pip-externally-managed-environment-recovery = create a virtual environment with `python3 -m venv .venv` and use `.venv/bin/pip`, or `pipx install` an application
pip-hash-mismatch-recovery = check where the file comes from, then update the `--hash` pin in the requirements file to the one pip got
pip-hash-missing-recovery = add the `--hash` lines pip printed to the requirements file, or drop `--require-hashes`
pip-hash-unpinned-recovery = pin every requirement pip listed with `==` (and its `--hash`) in the requirements file
pip-http-recovery = wait and run it again if the status is 408, 429 or 5xx; otherwise check the URL and `--index-url`
pip-build-failed-recovery = read the build output above `note: This error originates from a subprocess`, install the build dependency it names, or ask for a version with a wheel (`pip install --only-binary :all: <name>`)
pip-directory-not-installable-recovery = run it from the project's directory (the one with pyproject.toml or setup.py), or name that directory instead of `{ $path }`
pip-unknown-command-recovery = run `pip help` for the commands and use the one pip suggests
pip-requirements-file-missing-recovery = create `{ $path }` or pass the right file to `-r`
virtualenv-oserror-recovery = pick a destination that can be created (check `{ $path }` and its parent with `ls -ld`), then run `virtualenv` again
virtualenv-failed-to-find-interpreter-recovery = install Python `{ $python }` or name one that is installed with `virtualenv -p` (`ls /usr/bin/python3*` lists them)
