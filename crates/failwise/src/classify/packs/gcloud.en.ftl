## The texts of the gcloud rule pack (packs/gcloud.toml).
gcloud-no-active-account-recovery = run `gcloud auth login` (or `gcloud auth activate-service-account`), or select an account with `gcloud config set account ACCOUNT`
gcloud-permission-recovery = check the account (`gcloud auth list`), the project (`gcloud config get-value project`) and the IAM roles { $command } needs, then run it again
gcloud-quota-exceeded-recovery = free resources counted by { $quota } (limit { $limit }), use another region, or request a higher quota in the console's IAM & Admin > Quotas page
gcloud-invalid-choice-recovery = check the command with `gcloud help` ({ $choice } is not one of the choices listed), or install the component that provides it (`gcloud components list`)
