## The texts of the node rule pack (packs/node.toml).
node-enotfound-recovery = check the host name the program connects to and the resolver (`getent hosts NAME`), then run it again
node-socket-recovery = check whether the server carried out the request (read the resource back) before sending it again
node-module-recovery = install the package the program imports (`npm install`), or fix the path of the import
node-rejection-recovery = find the promise rejected with a non-Error value (run with `node --trace-uncaught`) and make it reject with an Error, or catch it
node-url-recovery = fix the URL the program passes (it needs a scheme such as `https://` and a host)
node-timeout-recovery = check whether the server carried out the request before sending it again; raise the `AbortSignal.timeout` if the server is slow
node-bad-port-recovery = use another port: fetch refuses the ports the Fetch standard blocks (such as 9, 25, 6000)
node-spawn-recovery = install `{ $file }` or put it on PATH (`command -v { $file }`), then run the program again
