## Os textos do pacote de regras de exceções não tratadas (packs/uncaught.toml).
uncaught-python-recovery = leia o traceback em `params.stderr` de baixo para cima: corrija a causa do { $class } que ele nomeia (a entrada, o código ou o ambiente) e rode de novo
uncaught-node-recovery = leia a pilha em `params.stderr` a partir da linha do { $class }: corrija a causa que ela nomeia (a entrada, o código ou o ambiente) e rode de novo
uncaught-python-message = { $program }: morreu de um { $class } não tratado (a última linha do traceback o nomeia)
uncaught-node-message = { $program }: morreu de um { $class } não tratado
uncaught-java-recovery = leia o stack trace em `params.stderr` a partir do último `Caused by:`: corrija a causa do { $class } que ele nomeia (a entrada, o código ou o ambiente) e rode de novo
uncaught-java-message = { $program }: morreu de um { $class } não tratado
