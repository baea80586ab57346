## Os textos do pacote de regras amqp (packs/amqp.toml).
amqp-inequivalent-recovery = declare `{ $argument }` como a fila ou exchange existente o tem (`rabbitmqctl list_queues name arguments`), ou apague-a antes com `rabbitmqctl delete_queue`
amqp-reply-recovery = leia o texto de resposta do broker e o log dele (`rabbitmq-diagnostics log_tail`), corrija a fila, exchange ou permissão que ele cita, e conecte e rode de novo
