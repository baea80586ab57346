## The texts of the systemd rule pack (packs/systemd.toml).
systemd-not-booted-recovery = run the service's program directly (or with the container's own supervisor) instead of `{ $program }`, since this machine does not run systemd as its init
systemd-bus-recovery = run `{ $program }` where its bus exists (a login session for `--user`, or `sudo` for the system bus), or start the service's program directly
systemd-unit-not-found-recovery = install the unit file for { $unit } (under /etc/systemd/system), run `systemctl daemon-reload`, then { $verb } it again
