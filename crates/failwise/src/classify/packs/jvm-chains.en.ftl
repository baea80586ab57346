## The texts of the jvm-chains rule pack (packs/jvm-chains.toml).
jvm-kafka-recovery = look up `{ $class }` in Kafka's client docs and check the broker and topic it names (`kafka-topics.sh --describe --topic TOPIC`); send again only if the error says the client may
jvm-sql-transient-recovery = run the transaction again after a short wait; if it keeps failing, raise the pool's `maximumPoolSize` or find the transaction that holds the locks
