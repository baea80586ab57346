## The texts of the uncaught exception rule pack (packs/uncaught.toml).
uncaught-python-recovery = read the traceback in `params.stderr` from its last line up: fix the cause of the { $class } it names (the input, the code or the environment), then run it again
uncaught-node-recovery = read the stack in `params.stderr` from the { $class } line down: fix the cause it names (the input, the code or the environment), then run it again
uncaught-python-message = { $program }: died of an uncaught { $class } (the traceback's last line names it)
uncaught-node-message = { $program }: died of an uncaught { $class }
uncaught-java-recovery = read the stack trace in `params.stderr` from its last `Caused by:` up: fix the cause of the { $class } it names (the input, the code or the environment), then run it again
uncaught-java-message = { $program }: died of an uncaught { $class }
