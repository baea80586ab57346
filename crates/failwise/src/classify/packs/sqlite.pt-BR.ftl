## Os textos do pacote de regras sqlite (packs/sqlite.toml).
sqlite-no-such-table = { $program }: a tabela { $table } não existe
sqlite-no-such-table-recovery = confira o nome da tabela com `.tables`, ou rode a migração que cria `{ $table }` neste arquivo de banco
sqlite-no-such-column = { $program }: a coluna { $column } não existe
sqlite-no-such-column-recovery = confira o nome da coluna com `.schema`, ou rode a migração que acrescenta `{ $column }`
sqlite-table-exists = { $program }: já existe um objeto { $kind } chamado { $name }
sqlite-table-exists-recovery = use `CREATE { $kind } IF NOT EXISTS`, ou escolha outro nome que não `{ $name }`
