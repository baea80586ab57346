## The texts of the http rule pack (packs/http.toml).
http-retry-after-recovery = wait the `Retry-After` the server sent (`retry_after_ms`), then send the same request again
http-status-recovery = read the status the server answered (`HTTP_{ $status }` in `code`) and act on it: wait and send it again for 429 and 503, fix the request, the credentials or the URL for another 4xx
http-insufficient-quota-recovery = check the plan and billing of the API account (OpenAI's usage page) or use another key; the same request fails until the quota is raised
