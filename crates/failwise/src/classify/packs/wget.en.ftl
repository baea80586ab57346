## The texts of the wget rule pack (packs/wget.toml).
wget-http-status-recovery = read the status the server answered (`HTTP_{ $status }` in `code`) and act on it: wait and send it again for 429 and 503, fix the request, the credentials or the URL for another 4xx
wget-resolve-recovery = check the host name `{ $host }` in the URL and the resolver (`getent hosts { $host }`), then run wget again
wget-connection-closed-recovery = check whether the server finished the request, then download again with `wget -c` to continue from byte { $bytes }
