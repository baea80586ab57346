## The texts of the apt rule pack (packs/apt.toml).
apt-could-not-get-lock-recovery = wait for process { $pid } to finish with `{ $lock }` (see it with `ps -p { $pid }`), then run the command again
apt-unable-to-locate-package-recovery = run `apt-get update`, then check the name `{ $package }` with `apt-cache search`
dpkg-database-locked-recovery = wait for the other dpkg or apt process to finish (`ps -e | grep -E 'apt|dpkg'`), then run it again; never delete the lock file
dpkg-package-not-installed-recovery = install `{ $package }` with `apt-get install`, or check its name with `dpkg -l`
