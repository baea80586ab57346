## Os textos do pacote de regras do openssl (packs/openssl.toml).
openssl-verify-error-recovery = corrija o que a verificação diz (`{ $reason }`): passe a CA emissora com `-CAfile`, renove um certificado expirado, ou conecte com o nome que o certificado tem, depois rode o comando de novo
openssl-no-such-file-message = { $program }: não foi possível carregar { $what }: `{ $path }` não existe
openssl-no-such-file-recovery = verifique o caminho `{ $path }` (`ls -l { $path }`) e indique um arquivo que exista
openssl-unable-to-load-certificate-recovery = verifique se o arquivo tem um certificado no formato pedido (`head -1` mostra `-----BEGIN CERTIFICATE-----` para PEM; passe `-inform DER` para um binário)
openssl-could-not-read-private-key-recovery = verifique se `{ $path }` tem uma chave privada (`-----BEGIN PRIVATE KEY-----` para PEM) e passe a senha com `-passin` se ela tiver uma
openssl-bad-decrypt-recovery = decifre com a senha, a cifra e a derivação de chave (`-pbkdf2`, `-md`, `-iter`) com que o arquivo foi cifrado
openssl-wrong-version-number-recovery = verifique se a porta fala TLS (uma porta HTTP simples responde assim), ou use `-starttls` para um protocolo que faz a troca
openssl-connect-refused-recovery = verifique se há um servidor TLS escutando no endereço dado a `-connect`, depois rode o comando de novo
openssl-resolve-recovery = verifique o nome do host dado a `-connect` (por exemplo com `getent hosts`), depois rode o comando de novo
