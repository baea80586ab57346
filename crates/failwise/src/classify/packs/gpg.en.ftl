## The texts of the gpg rule pack (packs/gpg.toml).
gpg-bad-signature-recovery = get the file and its signature again from their source and check them with `gpg --verify`; do not use a file whose signature is bad
gpg-verify-no-public-key-recovery = import the signer's key `{ $key }` (`gpg --recv-keys { $key }`, or `gpg --import` of a file you trust), then verify again
gpg-no-public-key-recovery = import the signer's public key (`gpg --recv-keys <key id>` or `gpg --import`), then verify again
gpg-recipient-no-public-key-recovery = import the public key of `{ $recipient }` (`gpg --import`, or `gpg --locate-keys { $recipient }`), then encrypt again
gpg-unusable-public-key-recovery = certify the key `{ $key }` after checking its fingerprint (`gpg --lsign-key`), or pass `--trust-model always` on purpose, then encrypt again
gpg-no-secret-key-recovery = import the secret key the operation needs (`gpg --import`), or name one this keyring holds (`gpg --list-secret-keys`, `--local-user`)
gpg-bad-session-key-recovery = decrypt with the passphrase or key the file was encrypted with
gpg-keyserver-recovery = check that the keyserver answers (`--keyserver`, or `keyserver` in `dirmngr.conf`), wait, then run `gpg --recv-keys` again
gpg-keyserver-name-recovery = fix the keyserver's host name in `--keyserver` (or `keyserver` in `dirmngr.conf`), then run `gpg --recv-keys` again
gpg-no-valid-openpgp-data-recovery = give gpg OpenPGP data: for `--verify`, the signature file (`.sig` or `.asc`) first and the signed file after it
gpg-no-such-file-recovery = check the path `{ $path }` and name a file that exists
