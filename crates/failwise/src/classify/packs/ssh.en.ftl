## The texts of the ssh rule pack (packs/ssh.toml).
ssh-connect-refused-recovery = check that sshd listens on { $host } port { $port } (for example with `nc -vz { $host } { $port }`, or `-p` for another port), then run the command again
ssh-connect-timeout-recovery = check that { $host } is reachable and that port { $port } is not filtered by a firewall, or raise `-o ConnectTimeout=`, then run the command again
ssh-resolve-recovery = check the host name `{ $host }` (a `Host` entry in `~/.ssh/config`, or `getent hosts { $host }`), then run the command again
ssh-permission-denied-recovery = offer a credential { $host } accepts for { $user } (`-i` with a key listed in the server's `authorized_keys`, or `ssh-add` it to the agent); run `ssh -v` to see which keys were tried
ssh-host-key-changed-message = { $program }: the host key of { $host } differs from the one in `{ $known_hosts }`: host key verification failed
ssh-host-key-changed-recovery = confirm the new host key of { $host } with its administrator, then remove the old one with `ssh-keygen -f "{ $known_hosts }" -R "{ $host }"` and connect again
ssh-host-key-unknown-recovery = add the host key of { $host } to known_hosts once you have checked its fingerprint (for example with `ssh-keyscan`), or connect once interactively to accept it
ssh-host-key-verification-failed-recovery = check the host's key in `~/.ssh/known_hosts` (`ssh-keygen -F <host>`) and fix or add it after checking its fingerprint
ssh-unprotected-private-key-file-recovery = make the key private with `chmod 600 { $path }`, then run the command again
ssh-identity-file-not-accessible-recovery = check the path given to `-i` (or `IdentityFile` in `~/.ssh/config`): `{ $path }` cannot be read
ssh-too-many-authentication-failures-recovery = offer only the right key with `-o IdentitiesOnly=yes -i <key>` (or `IdentitiesOnly yes` in `~/.ssh/config`), then connect again
ssh-connection-closed-recovery = wait and connect again; if it keeps failing, check with `ssh -v` and the server's sshd log (`MaxStartups`, a firewall or fail2ban may be dropping the connection)
ssh-banner-timeout-recovery = check that sshd on the host answers (it may be overloaded), raise `-o ConnectTimeout=`, then connect again
ssh-banner-invalid-recovery = check the host and port (`-p`): what answered there is not an SSH server
scp-no-such-file-recovery = check the path on its side of the copy (`ssh <host> ls` for a remote one) and create the missing file or directory first
sftp-file-not-found-recovery = check the remote path `{ $path }` with `ls` in sftp, then get the file that exists
ssh-error-recovery = run the same command with `ssh -v` to see which step failed, then fix the cause
