## The texts of the kubectl rule pack (packs/kubectl.toml).
kubectl-no-configuration-recovery = point kubectl at the cluster: set `KUBECONFIG` to its kubeconfig (or copy it to `~/.kube/config`), or pass `--kubeconfig` or `--server`
kubectl-connection-refused-recovery = check that the API server is up and that the kubeconfig's server is right (`kubectl config view --minify`), then run it again
kubectl-context-not-found-recovery = list the contexts with `kubectl config get-contexts` and pass one that exists to `--context` or `kubectl config use-context`
kubectl-current-context-not-set-recovery = select a context with `kubectl config use-context NAME` (`kubectl config get-contexts` lists them)
kubectl-path-does-not-exist-recovery = check the path given to `-f` ({ $path }) from the directory kubectl runs in
kubectl-error-loading-config-file-recovery = fix the kubeconfig { $path } (the YAML error is in the message), or point `--kubeconfig` at a valid one
kubectl-resource-type-recovery = list the resource types the server has with `kubectl api-resources` and use one of them, or install the CRD that defines { $resource }
kubectl-no-matches-for-kind-recovery = install the CRD that defines { $kind } first, or change the manifest's `apiVersion` to one `kubectl api-versions` lists
kubectl-object-has-been-modified-recovery = run the command again so kubectl reads the latest version of { $name }; for `kubectl replace`, fetch the object again (`kubectl get -o yaml`) and reapply your change to it
kubernetes-object-has-been-modified-recovery = read { $resource } `{ $name }` again (`kubectl get { $resource } { $name } -o yaml`), apply the change to that version and write it again; a controller does this when it requeues the object
kubernetes-api-exception-recovery = check what the HTTP { $status } { $reason } says of the request: for 401/403 grant the account the RBAC it needs (`kubectl auth can-i <verb> <resource> --as <account>`), for 404 create the object or fix its name and namespace, then run it again
