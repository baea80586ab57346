## The texts of the terraform rule pack (packs/terraform.toml).
terraform-state-lock-recovery = wait for the run that holds the lock to finish (its Lock Info names who and when) and run it again, or add `-lock-timeout=5m`; for a lock left by a crashed run, `terraform force-unlock LOCK_ID`
terraform-init-recovery = run `terraform init` in this directory, then run the command again
terraform-registry-unreachable-recovery = check the network and proxy settings for { $host }, or configure a provider mirror in the CLI configuration (`provider_installation`), then run `terraform init` again
terraform-no-configuration-files-recovery = run it in the directory that holds the `.tf` files, or name it with `-chdir=DIR`
terraform-configuration-error-recovery = fix { $path } at line { $line } as the diagnostic says, then check it with `terraform validate`
terraform-provider-http-recovery = read the provider's error for the status it names (`TF_LOG=DEBUG` shows the request), fix the credentials, permission or resource it points to, then apply again
terraform-no-value-for-required-variable-recovery = give the variable a value: `-var 'NAME=VALUE'`, a `-var-file`, a `terraform.tfvars` file or the `TF_VAR_NAME` environment variable, then run it again
terraform-value-for-undeclared-variable-recovery = remove `-var { $variable }=…` from the command line, or declare `variable "{ $variable }"` in the configuration
terraform-failed-to-read-variables-file-recovery = create the variables file or fix the path given to `-var-file`, then run it again
