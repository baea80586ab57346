## Os textos do pacote de regras wget (packs/wget.toml).
wget-http-status-recovery = leia o status que o servidor respondeu (`HTTP_{ $status }` em `code`) e aja conforme: espere e envie de novo para 429 e 503, corrija a requisição, as credenciais ou a URL para outro 4xx
wget-resolve-recovery = confira o nome `{ $host }` na URL e o resolvedor (`getent hosts { $host }`) e rode o wget de novo
wget-connection-closed-recovery = confira se o servidor concluiu a requisição e baixe de novo com `wget -c` para continuar do byte { $bytes }
