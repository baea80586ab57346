## Os textos do pacote de regras java (packs/java.toml).
java-connect-recovery = confira se o servidor a que o programa se conecta está no ar e acessível no host e na porta e rode de novo
java-read-timeout-recovery = confira se o servidor executou a requisição antes de enviá-la de novo; aumente o timeout de leitura (`setReadTimeout`) se ele for lento
java-http-timeout-recovery = confira se o servidor executou a requisição antes de enviá-la de novo; aumente o `timeout` da requisição se ele for lento
java-host-recovery = confira o nome do host a que o programa se conecta e o resolvedor (`getent hosts NOME`) e rode de novo
java-missing-file-recovery = crie `{ $path }` ou corrija o caminho que o programa usa (`ls -ld { $path }`) e rode de novo
java-exists-recovery = remova ou renomeie `{ $path }`, ou escreva em outro lugar (`REPLACE_EXISTING` para sobrescrever de propósito)
