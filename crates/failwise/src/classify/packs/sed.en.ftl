## The texts of the sed rule pack (packs/sed.toml).
sed-script-error-recovery = fix the sed script at { $where } (an `s` command is `s/FIND/REPLACE/FLAGS`), then run it again
