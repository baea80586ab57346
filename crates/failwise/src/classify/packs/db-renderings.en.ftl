## The texts of the db-renderings rule pack (packs/db-renderings.toml).
db-mysql-tuple-recovery = look up MySQL error `{ $errno }` (`perror { $errno }`) and run the transaction again only if it is a deadlock or lock wait timeout; otherwise fix the statement or the data it names
db-npgsql-recovery = look up SQLSTATE `{ $sqlstate }` in PostgreSQL's Appendix A and run the transaction again only for class 40 or 53; otherwise fix the statement or the data it names
