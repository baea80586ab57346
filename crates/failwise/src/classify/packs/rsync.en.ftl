## The texts of the rsync rule pack (packs/rsync.toml).
rsync-error-recovery = read the `rsync:` lines above the `rsync error:` line for the cause (`{ $exit_value }` is rsync's exit value, see EXIT VALUES in `man rsync`), fix it, then run the same `rsync` again
rsync-source-missing-recovery = check the source path `{ $path }` (`ls -d { $path }`, on the remote host for a remote source) and name one that exists
rsync-destination-parent-missing-recovery = create the destination's parent directories first (`mkdir -p` of the parent of `{ $path }`), or pass `--mkpath` to rsync 3.2.3 or later
rsync-permission-denied-recovery = give the user running rsync access to `{ $path }` (`ls -ld`, `chmod`, `chown`), or run it as a user that has it, then run the same `rsync` again
rsync-daemon-refused-recovery = check that the rsync daemon runs on { $host } (`rsync --daemon`, port 873 unless `--port` says otherwise), then run the command again
rsync-resolve-recovery = check the host name `{ $host }` (for example with `getent hosts { $host }`), then run the command again
rsync-unknown-option-recovery = check `{ $option }` in `rsync --help` (or `man rsync`), or install an rsync that has it
rsync-source-missing-message = { $program }: the source `{ $path }` does not exist, so some files were not transferred (code 23)
rsync-destination-parent-missing-message = { $program }: cannot create `{ $path }`: its parent directory does not exist (code 11)
rsync-mkdir-permission-denied-message = { $program }: cannot create `{ $path }`: permission denied (code 11)
rsync-send-permission-denied-message = { $program }: cannot read `{ $path }`: permission denied, so some files were not transferred (code 23)
