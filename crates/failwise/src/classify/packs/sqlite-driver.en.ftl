## The texts of the sqlite-driver rule pack (packs/sqlite-driver.toml).
sqlite-driver-code-recovery = look up { $sqlite_code } in SQLite's result codes (sqlite.org/rescode.html) and fix what it names before running { $program } again (SQLITE_BUSY: run it again once the other connection commits, or set a busy timeout)
sqlite-driver-unique-recovery = use another value for { $columns }, or write INSERT ... ON CONFLICT DO UPDATE
sqlite-driver-bad-row-recovery = give { $columns } a value the table accepts
sqlite-driver-foreign-key-recovery = insert the referenced row first, or fix the foreign key value
