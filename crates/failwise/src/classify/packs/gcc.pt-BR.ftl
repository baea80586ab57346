## Os textos do pacote de regras do gcc (packs/gcc.toml).
gcc-missing-header-recovery = instale o pacote de desenvolvimento que fornece `{ $header }`, ou adicione o diretório dele com `-I`
gcc-missing-input-recovery = confira o caminho do fonte `{ $path }` com `ls` e indique um arquivo que exista
ld-undefined-reference-recovery = defina `{ $symbol }`, ou acrescente ao link o objeto ou a biblioteca `-l` que o define
ld-multiple-definition-recovery = mantenha uma só definição de `{ $symbol }` (torne as outras `static` ou declarações `extern`)
ld-cannot-find-recovery = instale a biblioteca de `{ $library }` (o pacote -dev) ou adicione o diretório dela com `-L`
gcc-compile-error-recovery = corrija o erro que o gcc aponta em `{ $file }:{ $line }:{ $column }` e compile de novo
