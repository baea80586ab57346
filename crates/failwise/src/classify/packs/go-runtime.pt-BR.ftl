## Os textos do pacote de regras go (packs/go-runtime.toml).
go-panic-recovery = corrija o código no primeiro quadro `main.` do rastro da goroutine; rodá-lo de novo com a mesma entrada entra em pânico do mesmo jeito
go-client-timeout-recovery = confira se o servidor executou a requisição antes de enviá-la de novo; aumente o Timeout do `http.Client` se o servidor for lento
go-no-such-host-recovery = confira o nome `{ $host }` e o resolvedor (`getent hosts { $host }`) e rode de novo
go-dial-timeout-recovery = confira se { $address } está acessível (um firewall, o host no ar) e rode de novo
go-context-deadline-exceeded-recovery = confira se a operação surtiu efeito antes de rodá-la de novo (ela pode ter terminado do outro lado) e dê a ela um prazo maior (a duração do `context.WithTimeout` ou a opção de timeout do programa) se ela for lenta
go-io-timeout-recovery = confira se { $address } agiu sobre o que foi enviado antes de enviar de novo, e aumente o prazo da conexão (`SetReadDeadline`, o timeout do cliente) se o outro lado for lento
go-tls-handshake-timeout-recovery = confira se o servidor responde TLS nesse endereço (`openssl s_client -connect HOST:PORTA`) e rode de novo; aumente o TLSHandshakeTimeout do `http.Transport` se ele for lento
