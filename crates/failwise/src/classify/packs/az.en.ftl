## The texts of the az rule pack (packs/az.toml).
az-arm-message = { $program }: { $detail }
az-login-required-recovery = run `az login` (or `az login --service-principal`), then run the command again
az-authorization-failed-recovery = assign the identity a role that allows the action on that scope (`az role assignment create`), or sign in with one that has it (`az account show` shows who is signed in), then run it again
az-not-found-recovery = check the resource's name, resource group and subscription (`az account show`), then run the command again
az-arm-recovery = read `params.arm_code` and the message, fix what they name, then run the command again
az-misspelled-recovery = check the command with `az find` or `az --help` ({ $command } is not one az knows), or install the extension that provides it (`az extension add`)
