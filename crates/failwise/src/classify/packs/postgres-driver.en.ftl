## The texts of the postgres-driver rule pack (packs/postgres-driver.toml).
pg-driver-sqlstate-recovery = look up the SQLSTATE condition in PostgreSQL's Appendix A and fix what it names before running { $program } again (a serialization failure or deadlock: run the whole transaction again)
