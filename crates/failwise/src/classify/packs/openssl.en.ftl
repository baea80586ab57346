## The texts of the openssl rule pack (packs/openssl.toml).
openssl-verify-error-recovery = fix what the verification says (`{ $reason }`): give the issuing CA with `-CAfile`, renew an expired certificate, or connect with the name the certificate holds, then run the command again
openssl-no-such-file-message = { $program }: cannot load { $what }: `{ $path }` does not exist
openssl-no-such-file-recovery = check the path `{ $path }` (`ls -l { $path }`) and name a file that exists
openssl-unable-to-load-certificate-recovery = check that the file holds a certificate in the form asked (`head -1` shows `-----BEGIN CERTIFICATE-----` for PEM; pass `-inform DER` for a binary one)
openssl-could-not-read-private-key-recovery = check that `{ $path }` holds a private key (`-----BEGIN PRIVATE KEY-----` for PEM) and pass its passphrase with `-passin` if it has one
openssl-bad-decrypt-recovery = decrypt with the password, cipher and key derivation (`-pbkdf2`, `-md`, `-iter`) the file was encrypted with
openssl-wrong-version-number-recovery = check that the port speaks TLS (a plain HTTP port answers this way), or use `-starttls` for a protocol that upgrades
openssl-connect-refused-recovery = check that a TLS server listens at the address given to `-connect`, then run the command again
openssl-resolve-recovery = check the host name given to `-connect` (for example with `getent hosts`), then run the command again
