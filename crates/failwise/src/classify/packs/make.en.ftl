## The texts of the make rule pack (packs/make.toml).
make-missing-separator-recovery = indent the recipe lines at `{ $file }:{ $line }` with a tab, not spaces
make-no-makefile-recovery = run make in the directory that holds the Makefile, or name it with `make -f FILE`
make-no-targets-recovery = add a target to the Makefile, or name one on the command line
make-no-rule-to-make-target-recovery = create `{ $target }` or add a rule for it, or check the target's spelling with `make -p`
make-recursive-variable-recovery = define `{ $variable }` with `:=` or `+=` at `{ $file }:{ $line }` instead of referring to itself with `=`
make-error-recovery = read the recipe's own output above for why target `{ $target }` failed, fix that, then run make again
