## Os textos do pacote de regras do sed (packs/sed.toml).
sed-script-error-recovery = corrija o script do sed em { $where } (um comando `s` é `s/BUSCA/TROCA/FLAGS`) e rode de novo
