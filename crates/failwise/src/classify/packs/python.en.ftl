## The texts of the python rule pack (packs/python.toml).
python-verify-recovery = check whether the server carried out the request (read the resource back) before sending it again; raise the client timeout if the server is slow
python-cut-recovery = check whether the server carried out the request (read the resource back), then send it again only if it did not
python-refused-recovery = start the server or fix the host and port the program connects to, then run it again
python-resolve-recovery = check the host name the program connects to and the resolver (`getent hosts NAME`), then run it again
python-resolve-host-recovery = check the host name `{ $host }` and the resolver (`getent hosts { $host }`), then run it again
python-connect-recovery = check that a server listens on { $address } (for example with `ss -ltn` on that host), then run it again
python-http-status-recovery = read the status the server answered (`HTTP_{ $status }` in `code`) and act on it: wait and send it again for 429 and 503, fix the request, the credentials or the URL for another 4xx
python-url-recovery = fix the URL the program requests: give it a scheme (`https://`) and a host
python-redirects-recovery = request the URL with `curl -sIL` to see where its redirects loop, then fix the URL or the server
python-endpoint-recovery = check the endpoint `{ $url }` (the region, `endpoint_url`, the network or proxy), then run it again
python-aws-config-recovery = configure the AWS credentials, region or profile the program needs (`aws configure`, or `AWS_PROFILE` and `AWS_REGION`), then run it again
python-env-recovery = set the environment variable `{ $variable }` the program reads (`export { $variable }=...`), then run it again
python-keyerror-recovery = look at the last frame of the traceback: the program looked up the key { $key } in data that lacks it; fix the data or the code
