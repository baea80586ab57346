## The texts of the mongodb rule pack (packs/mongodb.toml).
mongodb-duplicate-key-recovery = find the document that holds the key (`db.<collection>.find(<dup key>)`), then update it instead of inserting, or write with another value of the unique field
