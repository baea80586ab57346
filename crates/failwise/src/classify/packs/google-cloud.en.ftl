## The texts of the google-cloud rule pack (packs/google-cloud.toml).
google-zone-resource-pool-exhausted-recovery = wait a few minutes and run it again, or create the resource in another zone of the region (`--zone`, the `zone` argument) than { $zone }
google-rate-quota-recovery = wait a minute and send it again with exponential backoff, or lower the request rate the program uses
google-period-quota-recovery = raise the quota in the Cloud console (IAM & Admin > Quotas) or wait for it to reset, then run { $program } again
google-already-exists-recovery = import the existing resource (`terraform import`), delete it, or give the new one another name, then run { $program } again
