## Os textos do pacote de regras http (packs/http.toml).
http-retry-after-recovery = espere o `Retry-After` que o servidor mandou (`retry_after_ms`) e envie a mesma requisição de novo
http-status-recovery = leia o status que o servidor respondeu (`HTTP_{ $status }` em `code`) e aja conforme: espere e envie de novo para 429 e 503, corrija a requisição, as credenciais ou a URL para outro 4xx
http-insufficient-quota-recovery = confira o plano e o faturamento da conta da API (a página de uso da OpenAI) ou use outra chave; a mesma requisição falha até a cota aumentar
