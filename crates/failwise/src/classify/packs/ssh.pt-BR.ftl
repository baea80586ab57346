## Os textos do pacote de regras do ssh (packs/ssh.toml).
ssh-connect-refused-recovery = verifique se o sshd escuta em { $host } porta { $port } (por exemplo com `nc -vz { $host } { $port }`, ou `-p` para outra porta), depois rode o comando de novo
ssh-connect-timeout-recovery = verifique se { $host } é alcançável e se a porta { $port } não está bloqueada por um firewall, ou aumente `-o ConnectTimeout=`, depois rode o comando de novo
ssh-resolve-recovery = verifique o nome do host `{ $host }` (uma entrada `Host` em `~/.ssh/config`, ou `getent hosts { $host }`), depois rode o comando de novo
ssh-permission-denied-recovery = ofereça uma credencial que { $host } aceite para { $user } (`-i` com uma chave listada no `authorized_keys` do servidor, ou adicione-a ao agente com `ssh-add`); rode `ssh -v` para ver quais chaves foram tentadas
ssh-host-key-changed-message = { $program }: a chave de host de { $host } difere da que está em `{ $known_hosts }`: a verificação da chave do host falhou
ssh-host-key-changed-recovery = confirme a nova chave de host de { $host } com o administrador, depois remova a antiga com `ssh-keygen -f "{ $known_hosts }" -R "{ $host }"` e conecte de novo
ssh-host-key-unknown-recovery = adicione a chave de host de { $host } ao known_hosts depois de conferir a impressão digital (por exemplo com `ssh-keyscan`), ou conecte uma vez interativamente para aceitá-la
ssh-host-key-verification-failed-recovery = verifique a chave do host em `~/.ssh/known_hosts` (`ssh-keygen -F <host>`) e corrija-a ou adicione-a depois de conferir a impressão digital
ssh-unprotected-private-key-file-recovery = torne a chave privada com `chmod 600 { $path }`, depois rode o comando de novo
ssh-identity-file-not-accessible-recovery = verifique o caminho dado a `-i` (ou `IdentityFile` em `~/.ssh/config`): `{ $path }` não pode ser lido
ssh-too-many-authentication-failures-recovery = ofereça só a chave certa com `-o IdentitiesOnly=yes -i <chave>` (ou `IdentitiesOnly yes` em `~/.ssh/config`), depois conecte de novo
ssh-connection-closed-recovery = espere e conecte de novo; se continuar falhando, verifique com `ssh -v` e o log do sshd do servidor (`MaxStartups`, um firewall ou o fail2ban podem estar derrubando a conexão)
ssh-banner-timeout-recovery = verifique se o sshd do host responde (pode estar sobrecarregado), aumente `-o ConnectTimeout=`, depois conecte de novo
ssh-banner-invalid-recovery = verifique o host e a porta (`-p`): o que respondeu ali não é um servidor SSH
scp-no-such-file-recovery = verifique o caminho no seu lado da cópia (`ssh <host> ls` para um remoto) e crie antes o arquivo ou diretório que falta
sftp-file-not-found-recovery = verifique o caminho remoto `{ $path }` com `ls` no sftp, depois baixe o arquivo que existe
ssh-error-recovery = rode o mesmo comando com `ssh -v` para ver qual passo falhou, depois corrija a causa
