## The texts of the java rule pack (packs/java.toml).
java-connect-recovery = check that the server the program connects to is up and reachable on its host and port, then run it again
java-read-timeout-recovery = check whether the server carried out the request before sending it again; raise the read timeout (`setReadTimeout`) if it is slow
java-http-timeout-recovery = check whether the server carried out the request before sending it again; raise the request `timeout` if it is slow
java-host-recovery = check the host name the program connects to and the resolver (`getent hosts NAME`), then run it again
java-missing-file-recovery = create `{ $path }` or fix the path the program uses (`ls -ld { $path }`), then run it again
java-exists-recovery = remove or rename `{ $path }`, or write somewhere else (`REPLACE_EXISTING` to overwrite on purpose)
