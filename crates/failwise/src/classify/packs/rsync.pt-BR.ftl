## Os textos do pacote de regras do rsync (packs/rsync.toml).
rsync-error-recovery = leia as linhas `rsync:` acima da linha `rsync error:` para achar a causa (`{ $exit_value }` é o código de saída do rsync, veja EXIT VALUES em `man rsync`), corrija-a e rode o mesmo `rsync` de novo
rsync-source-missing-recovery = verifique o caminho de origem `{ $path }` (`ls -d { $path }`, no host remoto para uma origem remota) e indique um que exista
rsync-destination-parent-missing-recovery = crie antes os diretórios pais do destino (`mkdir -p` do pai de `{ $path }`), ou passe `--mkpath` ao rsync 3.2.3 ou mais novo
rsync-permission-denied-recovery = dê ao usuário que roda o rsync acesso a `{ $path }` (`ls -ld`, `chmod`, `chown`), ou rode-o com um usuário que tenha, depois rode o mesmo `rsync` de novo
rsync-daemon-refused-recovery = verifique se o daemon do rsync roda em { $host } (`rsync --daemon`, porta 873 a menos que `--port` diga outra), depois rode o comando de novo
rsync-resolve-recovery = verifique o nome do host `{ $host }` (por exemplo com `getent hosts { $host }`), depois rode o comando de novo
rsync-unknown-option-recovery = confira `{ $option }` em `rsync --help` (ou `man rsync`), ou instale um rsync que a tenha
rsync-source-missing-message = { $program }: a origem `{ $path }` não existe, então alguns arquivos não foram transferidos (código 23)
rsync-destination-parent-missing-message = { $program }: não foi possível criar `{ $path }`: o diretório pai não existe (código 11)
rsync-mkdir-permission-denied-message = { $program }: não foi possível criar `{ $path }`: permissão negada (código 11)
rsync-send-permission-denied-message = { $program }: não foi possível ler `{ $path }`: permissão negada, então alguns arquivos não foram transferidos (código 23)
