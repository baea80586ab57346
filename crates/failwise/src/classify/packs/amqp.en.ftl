## The texts of the amqp rule pack (packs/amqp.toml).
amqp-inequivalent-recovery = declare `{ $argument }` as the existing queue or exchange has it (`rabbitmqctl list_queues name arguments`), or delete it first with `rabbitmqctl delete_queue`
amqp-reply-recovery = read the broker's reply text and its log (`rabbitmq-diagnostics log_tail`), fix the queue, exchange or permission it names, then connect and run it again
