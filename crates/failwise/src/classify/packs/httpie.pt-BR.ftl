## Os textos do pacote de regras httpie (packs/httpie.toml).
httpie-http-status-recovery = leia o status que o servidor respondeu (`HTTP_{ $status }` em `code`) e aja conforme: espere e envie de novo para 429 e 503, corrija a requisição, as credenciais ou a URL para outro 4xx
httpie-timeout-recovery = confira se o servidor executou a requisição e envie de novo com um `--timeout` maior que { $timeout }s
httpie-mixed-recovery = acrescente `--ignore-stdin` para que os itens key=value sejam o corpo, ou tire os itens e envie só o corpo
