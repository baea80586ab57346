## Os textos do pacote de regras go (packs/go-runtime.toml).
go-panic-recovery = corrija o código no primeiro quadro `main.` do rastro da goroutine; rodá-lo de novo com a mesma entrada entra em pânico do mesmo jeito
go-client-timeout-recovery = confira se o servidor executou a requisição antes de enviá-la de novo; aumente o Timeout do `http.Client` se o servidor for lento
go-no-such-host-recovery = confira o nome `{ $host }` e o resolvedor (`getent hosts { $host }`) e rode de novo
go-dial-timeout-recovery = confira se { $address } está acessível (um firewall, o host no ar) e rode de novo
