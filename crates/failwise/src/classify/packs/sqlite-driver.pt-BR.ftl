## The texts of the sqlite-driver rule pack (packs/sqlite-driver.toml).
sqlite-driver-code-recovery = consulte { $sqlite_code } nos códigos de resultado do SQLite (sqlite.org/rescode.html) e corrija o que ele aponta antes de rodar { $program } de novo (SQLITE_BUSY: rode de novo quando a outra conexão fizer commit, ou defina um busy timeout)
sqlite-driver-unique-recovery = use outro valor para { $columns }, ou escreva INSERT ... ON CONFLICT DO UPDATE
sqlite-driver-bad-row-recovery = dê a { $columns } um valor que a tabela aceite
sqlite-driver-foreign-key-recovery = insira antes a linha referenciada, ou corrija o valor da chave estrangeira
