## Os textos do pacote de regras jvm-chains (packs/jvm-chains.toml).
jvm-kafka-recovery = consulte `{ $class }` na documentação do cliente Kafka e verifique o broker e o tópico citados (`kafka-topics.sh --describe --topic TOPIC`); reenvie só se o erro disser que o cliente pode
jvm-sql-transient-recovery = rode a transação de novo após uma breve espera; se continuar falhando, aumente `maximumPoolSize` do pool ou ache a transação que segura os locks
