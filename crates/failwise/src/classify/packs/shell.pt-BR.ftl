## Os textos do pacote de regras do shell (packs/shell.toml).
shell-syntax-error-recovery = corrija a sintaxe do script perto da linha { $line } (confira com `bash -n` ou `shellcheck`) e rode de novo
shell-unbound-variable-recovery = defina `{ $variable }` antes de rodar o script, ou dê um valor padrão com `${ "{" }{ $variable }:-{ "}" }`
shell-bad-substitution-recovery = corrija a expansão `{ $expression }`, ou rode o script com bash se ele usa sintaxe só do bash
sh-bad-substitution-recovery = rode o script com `bash` se ele usa expansões só do bash, ou reescreva-as para o sh POSIX
shell-ambiguous-redirect-recovery = ponha o alvo do redirecionamento `{ $word }` entre aspas e garanta que ele vire um só caminho não vazio
shell-required-file-not-found-recovery = instale o interpretador nomeado na primeira linha (`#!`) de `{ $path }`, ou corrija essa linha (finais de linha CRLF também a quebram)
