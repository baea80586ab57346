## The texts of the mysql-driver rule pack (packs/mysql-driver.toml).
mysql-driver-error-recovery = consulte o erro na referência de erros do MySQL (ou MariaDB) e corrija o que ele aponta antes de rodar { $program } de novo (deadlock ou lock wait timeout: rode a transação inteira de novo)
mysql-driver-dup-entry-recovery = use outro valor para a chave { $key }, ou escreva INSERT ... ON DUPLICATE KEY UPDATE
mysql-driver-deadlock-recovery = rode a transação inteira de novo desde o início
mysql-driver-lock-wait-recovery = rode a transação de novo quando a que segura o lock terminar (SHOW ENGINE INNODB STATUS a mostra), ou aumente innodb_lock_wait_timeout
mysql-driver-no-such-table-recovery = crie a tabela { $table } (rode as migrações), ou conecte ao banco que a tem
mysql-driver-bad-field-recovery = corrija o nome da coluna { $column } no comando, ou crie a coluna com ALTER TABLE
mysql-driver-no-referenced-row-recovery = insira antes a linha referenciada, ou corrija o valor da chave estrangeira
mysql-driver-access-denied-recovery = confira a senha de { $user } e os GRANTs dele para o host { $host }
