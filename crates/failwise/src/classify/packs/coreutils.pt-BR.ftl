## Os textos do pacote de regras do coreutils (packs/coreutils.toml).
chown-invalid-user-recovery = crie a conta `{ $user }` antes (`useradd`), ou indique uma que `getent passwd` liste
coreutils-invalid-group-recovery = crie o grupo antes (`groupadd`), ou indique um que `getent group` liste em vez de `{ $group }`
chmod-invalid-mode-recovery = dê ao `chmod` um modo octal como `644` ou simbólico como `u+x` em vez de `{ $mode }`
cp-omitting-directory-recovery = copie o diretório `{ $path }` com `cp -r`
coreutils-same-file-recovery = indique um destino diferente do próprio `{ $source }`
mv-cannot-overwrite-non-directory-recovery = tire `{ $destination }` do caminho antes, ou indique outro destino para o diretório `{ $source }`
coreutils-cannot-overwrite-directory-recovery = apague ou renomeie o diretório `{ $destination }` antes, ou indique outro destino
mv-subdirectory-of-itself-recovery = mova `{ $source }` para um destino fora dele mesmo
rm-refusing-to-remove-dot-recovery = indique o diretório `{ $path }` pelo caminho a partir do pai (por exemplo `rm -r ../dir`), ou apague o conteúdo dele
id-no-such-user-recovery = confira o nome de usuário `{ $user }` com `getent passwd`, ou crie a conta antes
timeout-command-timed-out-recovery = veja o que o comando concluiu antes de ser morto e dê ao `timeout` um limite maior ou torne o comando mais rápido
runner-command-not-found-recovery = instale `{ $name }` ou corrija o nome (confira com `command -v { $name }` e `echo $PATH`) e rode `{ $runner }` de novo
