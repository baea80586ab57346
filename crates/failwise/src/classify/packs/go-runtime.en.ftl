## The texts of the go rule pack (packs/go-runtime.toml).
go-panic-recovery = fix the code at the first `main.` frame of the goroutine trace; running it again on the same input panics the same way
go-client-timeout-recovery = check whether the server carried out the request before sending it again; raise the `http.Client` Timeout if the server is slow
go-no-such-host-recovery = check the host name `{ $host }` and the resolver (`getent hosts { $host }`), then run it again
go-dial-timeout-recovery = check that { $address } is reachable (a firewall, the host being up), then run it again
