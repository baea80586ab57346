## Os textos do pacote de regras do shadow (packs/shadow.toml).
shadow-name-in-use-recovery = escolha outro nome de { $kind } que não `{ $name }`, ou use o que já existe (`getent passwd` ou `getent group` o mostra)
shadow-uid-in-use-recovery = escolha um UID livre em vez de { $uid } (`getent passwd` lista os usados), ou deixe `-u` de fora
shadow-gid-in-use-recovery = escolha um GID livre em vez de { $gid } (`getent group` lista os usados), ou deixe `-g` de fora
shadow-not-found-recovery = crie o { $kind } `{ $name }` antes (`groupadd` ou `useradd`), ou indique um que exista
