## Os textos do pacote de regras redis-clients (packs/redis-clients.toml).
redis-clients-reply-recovery = trate a resposta `{ $prefix }` do servidor antes de reenviar: `INFO persistence` mostra o carregamento, `INFO replication` o primário e seu link, `ACL GETUSER` os direitos de um usuário, `TYPE <chave>` o tipo de uma chave
redis-clients-loading-recovery = envie o comando de novo quando o servidor terminar de carregar os dados (`redis-cli INFO persistence` mostra `loading:0`)
redis-clients-readonly-recovery = envie as escritas ao primário (`redis-cli INFO replication` neste nó o indica), ou conecte via Sentinel ou cluster para o cliente seguir os failovers
redis-clients-noscript-recovery = carregue o script com `SCRIPT LOAD` (o `register_script` do redis-py faz isso no NOSCRIPT) e chame `EVALSHA` de novo
redis-clients-oom-recovery = libere memória (`DEL` ou `EXPIRE` em chaves), aumente `maxmemory` ou escolha uma `maxmemory-policy` que despeje chaves com `CONFIG SET`
redis-clients-noperm-recovery = conceda o comando ou o padrão de chaves a este usuário com `ACL SETUSER`, ou conecte com um usuário que o tenha
redis-clients-masterdown-recovery = envie o comando de novo quando o link da réplica voltar (`redis-cli INFO replication` mostra `master_link_status:up`)
redis-clients-auth-recovery = passe ao cliente o `username` e a `password` certos (ou a URL `redis://usuario:senha@host`), conferidos com `redis-cli --user <nome> --askpass PING`
redis-clients-connect-recovery = inicie o servidor Redis ou corrija o host e a porta dados ao cliente, conferidos com `redis-cli -h <host> -p <porta> PING`, e rode de novo
