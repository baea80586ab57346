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

## Erros de linha de comando do próprio recourse (erros de análise do clap).

UNKNOWN_ARGUMENT-message = argumento inesperado '{ $invalid_argument }'
UNKNOWN_ARGUMENT-recovery = { $nearby_count ->
    [0] remova `{ $invalid_argument }`, ou rode `recourse --help` para ver os argumentos aceitos
   *[other] troque `{ $invalid_argument }` por `{ $nearby }`, ou rode `recourse --help` para ver os argumentos aceitos
}
INVALID_SUBCOMMAND-message = subcomando desconhecido '{ $invalid_subcommand }'
INVALID_SUBCOMMAND-recovery = { $nearby_count ->
    [0] rode `recourse --help` para ver os argumentos aceitos
   *[other] rode `recourse { $nearby }` no lugar, ou rode `recourse --help` para ver os argumentos aceitos
}
INVALID_VALUE-message = valor inválido '{ $invalid_value }' para '{ $invalid_argument }'
INVALID_VALUE-recovery = passe `{ $nearby }` para `{ $invalid_argument }`, ou outro valor listado em `nearby`
MISSING_REQUIRED_ARGUMENT-message = argumentos obrigatórios não foram informados: { $invalid_argument }
MISSING_REQUIRED_ARGUMENT-recovery = passe `{ $invalid_argument }`, ou rode `recourse --help` para ver os argumentos aceitos
MISSING_SUBCOMMAND-message = '{ $command }' exige um subcomando
MISSING_SUBCOMMAND-recovery = rode `{ $command } { $nearby }`, ou outro subcomando listado em `nearby`
ARGUMENT_CONFLICT-message = o argumento '{ $invalid_argument }' não pode ser usado com '{ $prior_argument }'
ARGUMENT_CONFLICT-recovery = retire `{ $invalid_argument }` ou o argumento com que ele conflita, ou rode `recourse --help` para ver os argumentos aceitos

## As opções de segredo de `recourse run`.

SECRET_NOT_REGISTERED-message = { $reason ->
    [too_short] não é possível ocultar o valor dado com { $flag }: ele tem menos de { $min_chars } caracteres além de espaços
    [number_like] não é possível ocultar o valor dado com { $flag }: ele só tem caracteres de número
   *[other] não é possível ocultar o valor dado com { $flag }: ele aparece no próprio vocabulário do envelope
}
SECRET_NOT_REGISTERED-recovery = dê a { $flag } um valor de pelo menos { $min_chars } caracteres com letras ou símbolos além de dígitos, ou retire a opção
SECRET_ENV_UNSET-message = --secret-env cita { $variable }, que não está definida
SECRET_ENV_UNSET-recovery = exporte { $variable } antes de rodar, ou retire `--secret-env { $variable }`
