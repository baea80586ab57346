## The texts of the shadow rule pack (packs/shadow.toml).
shadow-name-in-use-recovery = pick another { $kind } name than `{ $name }`, or use the one that exists (`getent passwd` or `getent group` shows it)
shadow-uid-in-use-recovery = pick a free UID instead of { $uid } (`getent passwd` lists the used ones), or leave `-u` out
shadow-gid-in-use-recovery = pick a free GID instead of { $gid } (`getent group` lists the used ones), or leave `-g` out
shadow-not-found-recovery = create the { $kind } `{ $name }` first (`groupadd` or `useradd`), or name one that exists
