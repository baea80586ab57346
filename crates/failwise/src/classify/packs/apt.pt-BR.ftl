## Os textos do pacote de regras do apt (packs/apt.toml).
apt-could-not-get-lock-recovery = espere o processo { $pid } terminar com `{ $lock }` (veja-o com `ps -p { $pid }`) e rode o comando de novo
apt-unable-to-locate-package-recovery = rode `apt-get update` e confira o nome `{ $package }` com `apt-cache search`
dpkg-database-locked-recovery = espere o outro processo dpkg ou apt terminar (`ps -e | grep -E 'apt|dpkg'`) e rode de novo; nunca apague o arquivo de trava
dpkg-package-not-installed-recovery = instale `{ $package }` com `apt-get install`, ou confira o nome com `dpkg -l`
