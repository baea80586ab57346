## Os textos do pacote de regras terraform (packs/terraform.toml).
terraform-state-lock-recovery = espere terminar a execução que detém o lock (o Lock Info diz quem e quando) e rode de novo, ou acrescente `-lock-timeout=5m`; para um lock deixado por uma execução que caiu, `terraform force-unlock LOCK_ID`
terraform-init-recovery = rode `terraform init` neste diretório e rode o comando de novo
terraform-registry-unreachable-recovery = confira a rede e o proxy para { $host }, ou configure um espelho de providers na configuração da CLI (`provider_installation`), e rode `terraform init` de novo
terraform-no-configuration-files-recovery = rode-o no diretório que contém os arquivos `.tf`, ou indique-o com `-chdir=DIR`
terraform-configuration-error-recovery = corrija { $path } na linha { $line } como o diagnóstico diz e confira com `terraform validate`
terraform-provider-http-recovery = leia o erro do provider para o status que ele indica (`TF_LOG=DEBUG` mostra a requisição), corrija a credencial, a permissão ou o recurso apontado e aplique de novo
terraform-no-value-for-required-variable-recovery = dê um valor à variável: `-var 'NOME=VALOR'`, um `-var-file`, um arquivo `terraform.tfvars` ou a variável de ambiente `TF_VAR_NOME`, e rode de novo
terraform-value-for-undeclared-variable-recovery = tire `-var { $variable }=…` da linha de comando, ou declare `variable "{ $variable }"` na configuração
terraform-failed-to-read-variables-file-recovery = crie o arquivo de variáveis ou corrija o caminho dado a `-var-file` e rode de novo
