## The texts of the coreutils rule pack (packs/coreutils.toml).
chown-invalid-user-recovery = create the account `{ $user }` first (`useradd`), or name one that `getent passwd` lists
coreutils-invalid-group-recovery = create the group first (`groupadd`), or name one that `getent group` lists instead of `{ $group }`
chmod-invalid-mode-recovery = give `chmod` an octal mode such as `644` or a symbolic one such as `u+x` instead of `{ $mode }`
cp-omitting-directory-recovery = copy the directory `{ $path }` with `cp -r`
coreutils-same-file-recovery = name a destination other than `{ $source }` itself
mv-cannot-overwrite-non-directory-recovery = move `{ $destination }` away first, or name another destination for the directory `{ $source }`
coreutils-cannot-overwrite-directory-recovery = remove or rename the directory `{ $destination }` first, or name another destination
mv-subdirectory-of-itself-recovery = move `{ $source }` to a destination outside itself
rm-refusing-to-remove-dot-recovery = name the directory `{ $path }` by its path from its parent (for example `rm -r ../dir`), or remove its contents
id-no-such-user-recovery = check the user name `{ $user }` with `getent passwd`, or create the account first
timeout-command-timed-out-recovery = check what the command finished before it was killed, then give `timeout` a longer limit or make the command faster
runner-command-not-found-recovery = install `{ $name }` or fix its name (check it with `command -v { $name }` and `echo $PATH`), then run `{ $runner }` again
