## The texts of the mysql-driver rule pack (packs/mysql-driver.toml).
mysql-driver-error-recovery = look up the error in the MySQL (or MariaDB) error reference and fix what it names before running { $program } again (a deadlock or lock wait timeout: run the whole transaction again)
mysql-driver-dup-entry-recovery = use another value for the key { $key }, or write INSERT ... ON DUPLICATE KEY UPDATE
mysql-driver-deadlock-recovery = run the whole transaction again from its start
mysql-driver-lock-wait-recovery = run the transaction again once the one holding the lock ends (SHOW ENGINE INNODB STATUS shows it), or raise innodb_lock_wait_timeout
mysql-driver-no-such-table-recovery = create the table { $table } (run the migrations), or connect to the database that has it
mysql-driver-bad-field-recovery = fix the column name { $column } in the statement, or add the column with ALTER TABLE
mysql-driver-no-referenced-row-recovery = insert the referenced row first, or fix the foreign key value
mysql-driver-access-denied-recovery = check the password of { $user } and its GRANTs for host { $host }
