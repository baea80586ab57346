## The texts of the diffutils rule pack (packs/diffutils.toml).
diff-files-differ-recovery = treat exit 1 as the answer "the inputs differ" (read the diff); only exit 2 is trouble
cmp-differ-recovery = treat exit 1 as the answer "the inputs differ" from byte { $byte }; use `cmp -s` to test without output
