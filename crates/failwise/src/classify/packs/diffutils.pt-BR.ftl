## Os textos do pacote de regras do diffutils (packs/diffutils.toml).
diff-files-differ-recovery = trate a saída 1 como a resposta "as entradas diferem" (leia o diff); só a saída 2 indica problema
cmp-differ-recovery = trate a saída 1 como a resposta "as entradas diferem" a partir do byte { $byte }; use `cmp -s` para testar sem saída
