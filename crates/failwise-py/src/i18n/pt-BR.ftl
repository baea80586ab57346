# Os textos do próprio pacote Python em português do Brasil: as mensagens das exceções que
# ele levanta para um valor que não aceita.

## Um valor Python que não é um valor JSON (`$type` é o nome do seu tipo).
py-not-json = { $type } não é um valor JSON
py-key-not-str = as chaves de um objeto devem ser str, não { $type }
py-too-deep = o valor está aninhado em mais de { $max } níveis
py-int-too-large = o inteiro { $value } não cabe em 64 bits
py-float-not-finite = o float { $value } não é finito
py-not-input = a leitura aceita str, bytes, um dict ou uma lista de dicts, não { $type }

## Nomes que o pacote lê.
py-unknown-dialect = nenhum dialeto se chama { $name }; os nomes são: { $names }
py-unknown-form = nenhum dialeto ou forma pode ser escrito como { $name }; os nomes são: { $names }
py-unknown-code = { $code } não é um código que o failwise dá{ $catalog ->
    [none] {""}
   *[other] {" "}nem que o catálogo { $catalog } tenha
}
py-exit-invalid = o status de saída { $status } não é um status com que um comando possa terminar (um sinal é -N, como o subprocess o dá)
py-store-unreadable = o armazenamento do guarda não pode ser usado: { $reason }
