## Os textos do pacote de regras helm (packs/helm.toml).
helm-cannot-reuse-name-recovery = atualize a release existente com `helm upgrade --install`, remova-a com `helm uninstall`, ou escolha outro nome de release (`helm list -A` as mostra)
helm-another-operation-in-progress-recovery = espere a operação em andamento e rode de novo; se `helm history` mostrar a release presa num estado pendente, faça antes `helm rollback` para a última revisão implantada
helm-no-configuration-recovery = aponte o helm para o cluster: defina `KUBECONFIG` com o kubeconfig dele (ou copie-o para `~/.kube/config`), ou passe `--kubeconfig` e `--kube-context`
helm-kubernetes-cluster-unreachable-recovery = confira se o servidor da API em { $url } está no ar e se o kubeconfig é o certo (`kubectl cluster-info`) e rode de novo
helm-release-not-found-recovery = liste as releases com `helm list -A` e passe o nome e o `--namespace` certos
helm-repo-not-found-recovery = adicione o repositório com `helm repo add NOME URL` (`helm repo list` mostra os conhecidos), ou dê um caminho ou URL do chart
helm-chart-not-found-recovery = atualize o índice com `helm repo update` e confira o nome e a versão do chart com `helm search repo`
