## Os textos do pacote de regras db-renderings (packs/db-renderings.toml).
db-mysql-tuple-recovery = consulte o erro MySQL `{ $errno }` (`perror { $errno }`) e rode a transação de novo só se for deadlock ou lock wait timeout; senão corrija o comando ou os dados citados
db-npgsql-recovery = consulte o SQLSTATE `{ $sqlstate }` no Apêndice A do PostgreSQL e rode a transação de novo só nas classes 40 ou 53; senão corrija o comando ou os dados citados
