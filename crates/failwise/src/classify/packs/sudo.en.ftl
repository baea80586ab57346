## The texts of the sudo rule pack (packs/sudo.toml).
sudo-a-terminal-is-required-recovery = run it where sudo can prompt, pass the password with `sudo -S`, set `SUDO_ASKPASS` with `sudo -A`, or allow the command with NOPASSWD in sudoers
sudo-a-password-is-required-recovery = run `sudo -v` interactively first to cache credentials, or allow the command with NOPASSWD in sudoers
sudo-incorrect-password-attempts-recovery = give the right password for the invoking user (not root's) to `sudo`, or run `sudo -k` and try once more by hand
sudo-not-in-the-sudoers-file-recovery = ask an administrator to grant `{ $user }` the command in sudoers (`visudo`), or run it without sudo
sudo-unknown-user-recovery = check the user name `{ $user }` with `getent passwd`, then pass one that exists to `sudo -u`
sudo-command-not-found-recovery = install `{ $name }` or give its full path (`command -v { $name }`), since sudo searches only its secure_path
