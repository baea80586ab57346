## The texts of the sqlite rule pack (packs/sqlite.toml).
sqlite-no-such-table = { $program }: no such table: { $table }
sqlite-no-such-table-recovery = check the table name with `.tables`, or run the migration that creates `{ $table }` in this database file
sqlite-no-such-column = { $program }: no such column: { $column }
sqlite-no-such-column-recovery = check the column name with `.schema`, or run the migration that adds `{ $column }`
sqlite-table-exists = { $program }: { $kind } { $name } already exists
sqlite-table-exists-recovery = use `CREATE { $kind } IF NOT EXISTS`, or pick another name than `{ $name }`
