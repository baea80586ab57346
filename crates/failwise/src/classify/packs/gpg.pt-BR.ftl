## Os textos do pacote de regras do gpg (packs/gpg.toml).
gpg-bad-signature-recovery = obtenha de novo o arquivo e a assinatura da origem e confira com `gpg --verify`; não use um arquivo cuja assinatura é inválida
gpg-verify-no-public-key-recovery = importe a chave `{ $key }` de quem assinou (`gpg --recv-keys { $key }`, ou `gpg --import` de um arquivo confiável), depois verifique de novo
gpg-no-public-key-recovery = importe a chave pública de quem assinou (`gpg --recv-keys <id da chave>` ou `gpg --import`), depois verifique de novo
gpg-recipient-no-public-key-recovery = importe a chave pública de `{ $recipient }` (`gpg --import`, ou `gpg --locate-keys { $recipient }`), depois cifre de novo
gpg-unusable-public-key-recovery = certifique a chave `{ $key }` depois de conferir a impressão digital (`gpg --lsign-key`), ou passe `--trust-model always` de propósito, depois cifre de novo
gpg-no-secret-key-recovery = importe a chave secreta que a operação pede (`gpg --import`), ou indique uma que este chaveiro tenha (`gpg --list-secret-keys`, `--local-user`)
gpg-bad-session-key-recovery = decifre com a senha ou a chave com que o arquivo foi cifrado
gpg-keyserver-recovery = verifique se o servidor de chaves responde (`--keyserver`, ou `keyserver` em `dirmngr.conf`), espere e rode `gpg --recv-keys` de novo
gpg-keyserver-name-recovery = corrija o nome do servidor de chaves em `--keyserver` (ou `keyserver` em `dirmngr.conf`), depois rode `gpg --recv-keys` de novo
gpg-no-valid-openpgp-data-recovery = dê ao gpg dados OpenPGP: para `--verify`, primeiro o arquivo de assinatura (`.sig` ou `.asc`) e depois o arquivo assinado
gpg-no-such-file-recovery = verifique o caminho `{ $path }` e indique um arquivo que exista
