## The texts of the http-log rule pack (packs/http-log.toml).
http-log-status-recovery = act on the status the server answered (`HTTP_{ $status }` in `code`): for 429 and 5xx wait `retry_after_ms` (or back off) and send the request again; for another 4xx fix the request, the credentials or the URL before { $program } sends it again
