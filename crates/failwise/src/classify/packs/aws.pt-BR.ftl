## Os textos do pacote de regras aws (packs/aws.toml).
aws-retried-recovery = espere e rode de novo com espera crescente (aumente `max_attempts` na configuração de novas tentativas ou diminua a taxa de requisições)
aws-throttled-recovery = espere e rode de novo com espera crescente, ou diminua a taxa de requisições
aws-credentials-recovery = confira as credenciais e a política IAM para { $operation } (`aws sts get-caller-identity` mostra quem está chamando) e rode de novo
aws-missing-recovery = confira o nome do recurso dado a { $operation } (bucket, chave, tabela, região); crie-o antes se ele deve existir
aws-conflict-recovery = leia o estado atual do recurso que { $operation } tocou e decida: use outro nome, ou mude a condição para o que já está lá
aws-invalid-recovery = corrija os parâmetros dados a { $operation } como a mensagem diz (`aws help` os lista para cada operação) e rode de novo
