## Os textos do pacote de regras az (packs/az.toml).
az-arm-message = { $program }: erro do Azure ({ $arm_code }): { $detail }
az-login-required-recovery = rode `az login` (ou `az login --service-principal`) e rode o comando de novo
az-authorization-failed-recovery = atribua à identidade um papel que permita a ação nesse escopo (`az role assignment create`), ou entre com uma que o tenha (`az account show` mostra quem está conectado), e rode de novo
az-not-found-recovery = confira o nome do recurso, o grupo de recursos e a assinatura (`az account show`) e rode o comando de novo
az-arm-recovery = leia `params.arm_code` e a mensagem, corrija o que eles apontam e rode o comando de novo
az-misspelled-recovery = confira o comando com `az find` ou `az --help` ({ $command } não é um que o az conheça), ou instale a extensão que o fornece (`az extension add`)
