## The texts of the go rule pack (packs/go-runtime.toml).
go-panic-recovery = fix the code at the first `main.` frame of the goroutine trace; running it again on the same input panics the same way
go-client-timeout-recovery = check whether the server carried out the request before sending it again; raise the `http.Client` Timeout if the server is slow
go-no-such-host-recovery = check the host name `{ $host }` and the resolver (`getent hosts { $host }`), then run it again
go-dial-timeout-recovery = check that { $address } is reachable (a firewall, the host being up), then run it again
go-context-deadline-exceeded-recovery = check whether the operation took effect before running it again (it may have finished on the far side), and give it a longer deadline (the `context.WithTimeout` duration or the program's timeout flag) if it is slow
go-io-timeout-recovery = check whether { $address } acted on what was sent before sending it again, and raise the connection's deadline (`SetReadDeadline`, the client's timeout) if the peer is slow
go-tls-handshake-timeout-recovery = check that the server answers TLS on that address (`openssl s_client -connect HOST:PORT`), then run it again; raise `http.Transport`'s TLSHandshakeTimeout if it is slow
