## Os textos do pacote de regras kubectl (packs/kubectl.toml).
kubectl-no-configuration-recovery = aponte o kubectl para o cluster: defina `KUBECONFIG` com o kubeconfig dele (ou copie-o para `~/.kube/config`), ou passe `--kubeconfig` ou `--server`
kubectl-connection-refused-recovery = confira se o servidor da API está no ar e se o servidor do kubeconfig está certo (`kubectl config view --minify`) e rode de novo
kubectl-context-not-found-recovery = liste os contextos com `kubectl config get-contexts` e passe um que exista a `--context` ou a `kubectl config use-context`
kubectl-current-context-not-set-recovery = selecione um contexto com `kubectl config use-context NOME` (`kubectl config get-contexts` os lista)
kubectl-path-does-not-exist-recovery = confira o caminho dado a `-f` ({ $path }) a partir do diretório em que o kubectl roda
kubectl-error-loading-config-file-recovery = corrija o kubeconfig { $path } (o erro de YAML está na mensagem), ou aponte `--kubeconfig` para um válido
kubectl-resource-type-recovery = liste os tipos de recurso do servidor com `kubectl api-resources` e use um deles, ou instale o CRD que define { $resource }
kubectl-no-matches-for-kind-recovery = instale antes o CRD que define { $kind }, ou mude o `apiVersion` do manifesto para um que `kubectl api-versions` liste
kubectl-object-has-been-modified-recovery = rode o comando de novo para que o kubectl leia a versão mais recente de { $name }; com `kubectl replace`, busque o objeto de novo (`kubectl get -o yaml`) e reaplique nele a sua mudança
kubernetes-object-has-been-modified-recovery = leia { $resource } `{ $name }` de novo (`kubectl get { $resource } { $name } -o yaml`), aplique a mudança nessa versão e grave de novo; um controller faz isso ao recolocar o objeto na fila
kubernetes-api-exception-recovery = veja o que o HTTP { $status } { $reason } diz do pedido: para 401/403 dê à conta o RBAC de que ela precisa (`kubectl auth can-i <verbo> <recurso> --as <conta>`), para 404 crie o objeto ou corrija o nome e o namespace, e rode de novo
