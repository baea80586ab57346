## Os textos do pacote de regras http-log (packs/http-log.toml).
http-log-status-recovery = aja conforme o status que o servidor respondeu (`HTTP_{ $status }` em `code`): para 429 e 5xx espere `retry_after_ms` (ou recue) e envie a requisição de novo; para outro 4xx corrija a requisição, as credenciais ou a URL antes que { $program } a envie de novo
