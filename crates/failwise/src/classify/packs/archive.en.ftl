## The texts of the archive rule pack (packs/archive.toml).
gzip-not-in-gzip-format-recovery = check what `{ $file }` is with `file`, then use the matching tool (tar without `z`, `xz`, `unzip`)
gzip-unexpected-end-of-file-recovery = the archive is cut short: fetch it again whole (compare its checksum) before extracting
gzip-already-exists-recovery = move `{ $path }` out of the way, or run it again with `-f` to overwrite it
gzip-invalid-compressed-data-recovery = the data in `{ $file }` is corrupt: fetch it again whole (compare its checksum) before decompressing
gzip-trailing-garbage-recovery = check how `{ $file }` was made or fetched (`gzip -l`, its checksum): the data before the garbage was decompressed, the bytes after it were not
tar-cannot-open-recovery = check the archive path `{ $archive }` with `ls`, or fetch the archive first
tar-not-found-in-archive-recovery = list the members with `tar tf ARCHIVE` and name `{ $member }` as it is stored there
xz-file-format-not-recognized-recovery = check what `{ $file }` is with `file`, then use the matching tool
bzip2-not-a-bzip2-file-recovery = check what `{ $file }` is with `file`, then use the matching tool
unzip-cannot-find-recovery = check the zipfile path `{ $archive }` with `ls`, or fetch it first
unzip-not-a-zipfile-recovery = check what `{ $archive }` is with `file`; fetch it again whole if it is a cut-short zip
zip-nothing-to-do-recovery = name files that exist (the `name not matched` warnings list the missing ones) when creating `{ $archive }`
