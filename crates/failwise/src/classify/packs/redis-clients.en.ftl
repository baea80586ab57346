## The texts of the redis-clients rule pack (packs/redis-clients.toml).
redis-clients-reply-recovery = act on the server's `{ $prefix }` reply before resending: `INFO persistence` shows loading, `INFO replication` the primary and its link, `ACL GETUSER` a user's rights, `TYPE <key>` a key's type
redis-clients-loading-recovery = send the command again once the server has loaded its dataset (`redis-cli INFO persistence` shows `loading:0`)
redis-clients-readonly-recovery = send writes to the primary (`redis-cli INFO replication` on this node names it), or connect through Sentinel or the cluster so the client follows failovers
redis-clients-noscript-recovery = load the script with `SCRIPT LOAD` (redis-py's `register_script` does it on NOSCRIPT), then call `EVALSHA` again
redis-clients-oom-recovery = free memory (`DEL` or `EXPIRE` keys) or raise `maxmemory` or choose an evicting `maxmemory-policy` with `CONFIG SET`
redis-clients-noperm-recovery = grant the command or key pattern to this user with `ACL SETUSER`, or connect as a user that has it
redis-clients-masterdown-recovery = send the command again once the replica's link is up (`redis-cli INFO replication` shows `master_link_status:up`)
redis-clients-auth-recovery = give the client the right `username` and `password` (or the URL's `redis://user:password@host`), checked with `redis-cli --user <name> --askpass PING`
redis-clients-connect-recovery = start the Redis server or fix the host and port the client is given, checked with `redis-cli -h <host> -p <port> PING`, then run it again
