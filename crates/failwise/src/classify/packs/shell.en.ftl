## The texts of the shell rule pack (packs/shell.toml).
shell-syntax-error-recovery = fix the script's syntax near line { $line } (check it with `bash -n` or `shellcheck`), then run it again
shell-unbound-variable-recovery = set `{ $variable }` before running the script, or give it a default with `${ "{" }{ $variable }:-{ "}" }`
shell-bad-substitution-recovery = fix the expansion `{ $expression }`, or run the script with bash if it uses bash-only syntax
sh-bad-substitution-recovery = run the script with `bash` if it uses bash-only expansions, or rewrite them for POSIX sh
shell-ambiguous-redirect-recovery = quote the redirection target `{ $word }` and make sure it expands to one non-empty path
shell-required-file-not-found-recovery = install the interpreter named on the first (`#!`) line of `{ $path }`, or fix that line (CRLF line ends break it too)
