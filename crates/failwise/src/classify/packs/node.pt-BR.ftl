## Os textos do pacote de regras node (packs/node.toml).
node-enotfound-recovery = confira o nome do host a que o programa se conecta e o resolvedor (`getent hosts NOME`) e rode de novo
node-socket-recovery = confira se o servidor executou a requisição (leia o recurso de volta) antes de enviá-la de novo
node-module-recovery = instale o pacote que o programa importa (`npm install`) ou corrija o caminho do import
node-rejection-recovery = encontre a promise rejeitada com um valor que não é Error (rode com `node --trace-uncaught`) e faça-a rejeitar com um Error, ou capture-a
node-url-recovery = corrija a URL que o programa passa (ela precisa de um esquema como `https://` e de um host)
node-timeout-recovery = confira se o servidor executou a requisição antes de enviá-la de novo; aumente o `AbortSignal.timeout` se o servidor for lento
node-bad-port-recovery = use outra porta: o fetch recusa as portas que o padrão Fetch bloqueia (como 9, 25, 6000)
node-spawn-recovery = instale `{ $file }` ou ponha-o no PATH (`command -v { $file }`) e rode o programa de novo
