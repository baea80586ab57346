## Os textos do pacote de regras do make (packs/make.toml).
make-missing-separator-recovery = indente as linhas da receita em `{ $file }:{ $line }` com tab, não com espaços
make-no-makefile-recovery = rode o make no diretório que tem o Makefile, ou indique-o com `make -f FILE`
make-no-targets-recovery = adicione um alvo ao Makefile, ou indique um na linha de comando
make-no-rule-to-make-target-recovery = crie `{ $target }` ou adicione uma regra para ele, ou confira o nome do alvo com `make -p`
make-recursive-variable-recovery = defina `{ $variable }` com `:=` ou `+=` em `{ $file }:{ $line }` em vez de referir-se a si mesma com `=`
make-error-recovery = leia a saída da própria receita acima para ver por que o alvo `{ $target }` falhou, corrija e rode o make de novo
