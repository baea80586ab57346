## Os textos do pacote de regras do jq (packs/jq.toml).
jq-compile-error-recovery = corrija a sintaxe do filtro (entre aspas simples para o shell) e rode o jq de novo
jq-parse-error-recovery = corrija a entrada JSON na linha { $line }, coluna { $column } (confira com `jq . FILE`)
jq-cannot-index-recovery = ajuste o filtro aos dados: um { $type } não pode ser indexado com { $key } (use `.[]`, `.[0]` ou `type` para inspecioná-lo)
jq-error-recovery = inspecione o valor em que o filtro falha em `{ $input }` (acrescente `| type` ou `debug`) e corrija o filtro
yq-parse-error-recovery = corrija o YAML na linha { $line } (confira com `yq . ARQUIVO` ou um validador de YAML) e rode `yq` de novo
