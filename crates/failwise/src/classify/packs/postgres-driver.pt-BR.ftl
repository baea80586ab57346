## The texts of the postgres-driver rule pack (packs/postgres-driver.toml).
pg-driver-sqlstate-recovery = consulte a condição do SQLSTATE no Apêndice A do PostgreSQL e corrija o que ela aponta antes de rodar { $program } de novo (falha de serialização ou deadlock: rode a transação inteira de novo)
