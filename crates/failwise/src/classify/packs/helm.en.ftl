## The texts of the helm rule pack (packs/helm.toml).
helm-cannot-reuse-name-recovery = upgrade the existing release with `helm upgrade --install`, remove it with `helm uninstall`, or choose another release name (`helm list -A` shows them)
helm-another-operation-in-progress-recovery = wait for the running operation and run it again; if `helm history` shows the release stuck in a pending state, `helm rollback` it to its last deployed revision first
helm-no-configuration-recovery = point helm at the cluster: set `KUBECONFIG` to its kubeconfig (or copy it to `~/.kube/config`), or pass `--kubeconfig` and `--kube-context`
helm-kubernetes-cluster-unreachable-recovery = check that the API server at { $url } is up and that the kubeconfig is the right one (`kubectl cluster-info`), then run it again
helm-release-not-found-recovery = list the releases with `helm list -A` and pass the right name and `--namespace`
helm-repo-not-found-recovery = add the repository with `helm repo add NAME URL` (`helm repo list` shows the known ones), or give a chart path or URL instead
helm-chart-not-found-recovery = refresh the index with `helm repo update`, then check the chart's name and version with `helm search repo`
