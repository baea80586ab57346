## The texts of the httpie rule pack (packs/httpie.toml).
httpie-http-status-recovery = read the status the server answered (`HTTP_{ $status }` in `code`) and act on it: wait and send it again for 429 and 503, fix the request, the credentials or the URL for another 4xx
httpie-timeout-recovery = check whether the server carried out the request, then send it again with a longer `--timeout` than { $timeout }s
httpie-mixed-recovery = add `--ignore-stdin` so the key=value items are the body, or drop the items and send the body alone
