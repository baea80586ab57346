## The texts of the awk rule pack (packs/awk.toml).
awk-syntax-error-recovery = fix the awk program at { $where } ({ $detail }); quote it in single quotes for the shell
