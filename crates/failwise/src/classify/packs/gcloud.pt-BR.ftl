## Os textos do pacote de regras gcloud (packs/gcloud.toml).
gcloud-no-active-account-recovery = rode `gcloud auth login` (ou `gcloud auth activate-service-account`), ou selecione uma conta com `gcloud config set account CONTA`
gcloud-permission-recovery = confira a conta (`gcloud auth list`), o projeto (`gcloud config get-value project`) e os papéis do IAM de que { $command } precisa e rode de novo
gcloud-quota-exceeded-recovery = libere recursos contados por { $quota } (limite { $limit }), use outra região, ou peça uma cota maior na página IAM e administrador > Cotas do console
gcloud-invalid-choice-recovery = confira o comando com `gcloud help` ({ $choice } não está entre as opções listadas), ou instale o componente que o fornece (`gcloud components list`)
