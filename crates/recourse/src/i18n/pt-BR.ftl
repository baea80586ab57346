# Os textos do recourse em português do Brasil (pt-BR). Toda mensagem aqui existe também em
# en.ftl, e vice-versa (um teste falha se não). As variáveis são os `params` do envelope.

## Rótulos da saída para pessoas.

render-error = erro
render-location = em
render-did-you-mean = você quis dizer
render-candidates = trechos parecidos
render-candidate = linha { $line }, coluna { $column } · { $similarity }% parecido · { $strategy }
render-help = ajuda
render-exit = saída { $exit }
render-retry-yes = repetir: sim
render-retry-yes-after = repetir: sim, após { $ms } ms
render-retry-no = repetir: não
render-retry-unknown = repetir: desconhecido (confira se surtiu efeito antes de reenviar)
render-class-transient = transitório
render-class-conflict = conflito
render-class-precondition_failed = pré-condição não atendida
render-class-permanent = permanente
render-class-ambiguous = ambíguo
render-redacted = { $count ->
    [one] um segredo foi ocultado
   *[other] { $count } segredos foram ocultados
}
render-truncated = cortado para caber: { $pointer } (tinha { $bytes } bytes)
render-discarded-flags = não aplicadas
render-docs = documentação
