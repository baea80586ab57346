# The failwise binary's own texts in Brazilian Portuguese: its labels, and the messages and
# recoveries of its error codes (`errors::CliError`), one pair per code.

explain-exit-status = status de saída
explain-error-class = classe de erro
explain-retry = repetir
explain-message = mensagem
explain-recovery = recuperação
explain-verify = verificação
explain-example-message = mensagem de exemplo
explain-example-recovery = recuperação de exemplo
explain-translated = traduzido
explain-params = parâmetros
explain-since = desde
explain-not-recorded = (não registrado)
explain-status = situação
explain-replaced-by = substituído por
explain-doc = documentação
explain-retired = Este código foi aposentado: não é mais impresso e nunca é reutilizado.
explain-exit-varies = o status de saída do próprio comando
explain-builtin = embutido no failwise

## `failwise validate`: uma linha longa demais para guardar (`$detail` de LINE_INVALID, cujo
## `params.problem` é o código no comentário); uma linha que discorda do catálogo é dita pelos
## textos `validate-*` da biblioteca.
# LINE_TOO_LONG
validate-line-too-long = a linha tem mais de { $max } bytes

## `failwise catalog lint`: a linha de resumo na saída de erro.
catalog-lint-summary = { $file }: { $codes ->
    [0] nenhum código
    [one] { $codes } código
   *[other] { $codes } códigos
}, { $warnings ->
    [0] nenhum aviso
    [one] { $warnings } aviso
   *[other] { $warnings } avisos
}

## `failwise run --timeout/--grace/--interval`: por que uma duração é recusada.
duration-unknown-unit = `{ $text }` tem uma unidade desconhecida: escreva números seguidos cada um de uma unidade (ms, s, m, h, d, w), como 250ms, 1m30s ou 1d
duration-not-a-number = `{ $text }` não é uma duração: escreva números seguidos cada um de uma unidade (ms, s, m, h, d, w), como 250ms, 1m30s ou 1d
duration-out-of-range = `{ $text }` está fora do intervalo de uma duração
duration-zero-limit = `{ $text }` é zero: um limite de tempo deve ser maior que zero, como 500ms ou 30s; omita a opção para não ter limite
duration-below-millisecond = `{ $text }` é menor que um milissegundo: um limite de tempo conta em milissegundos inteiros, como 1ms, 500ms ou 30s
duration-negative = `{ $text }` é negativo: uma duração conta a partir de zero, como 250ms, 1m30s ou 1d

## `failwise suggest` no formato para pessoas.
suggest-region = { $path }:{ $line }:{ $column }  { $strategy } semelhança { $similarity }
suggest-no-region = nenhuma região próxima (nenhuma chega à semelhança { $floor })
suggest-no-region-found = nenhuma região próxima encontrada (a busca parou no limite de trabalho antes de comparar todas as janelas)
suggest-nothing-close = nada próximo
suggest-walk-stopped = (a busca parou antes do fim: nem todos os caminhos foram comparados)
suggest-search-stopped = (a busca parou no limite de trabalho: pode haver uma região mais próxima)

## `failwise validate`: o resumo na saída de erro.
validate-summary = validate: { $lines ->
        [0] 0 linhas lidas
        [one] { $lines } linha lida
       *[other] { $lines } linhas lidas
    }, { $valid ->
        [0] 0 válidas
        [one] { $valid } válida
       *[other] { $valid } válidas
    }, { $invalid ->
        [0] 0 inválidas
        [one] { $invalid } inválida
       *[other] { $invalid } inválidas
    }, { $blank } em branco
validate-summary-problems = { $summary }; inválidas por problema: { $problems }
validate-summary-unreadable = { $summary }; { $unreadable ->
        [0] 0 entradas ilegíveis
        [one] { $unreadable } entrada ilegível
       *[other] { $unreadable } entradas ilegíveis
    }

normalize-summary = normalize: { $read ->
        [0] 0 lidos
        [one] { $read } lido
       *[other] { $read } lidos
    }, { $normalized ->
        [0] 0 normalizados
        [one] { $normalized } normalizado
       *[other] { $normalized } normalizados
    }, { $passed_through ->
        [0] 0 repassados
        [one] { $passed_through } repassado
       *[other] { $passed_through } repassados
    }, { $dropped ->
        [0] 0 descartados
        [one] { $dropped } descartado
       *[other] { $dropped } descartados
    }, { $rejected ->
        [0] 0 rejeitados
        [one] { $rejected } rejeitado
       *[other] { $rejected } rejeitados
    }{ $found ->
        [0] {""}
        [one] , 1 falha achada em texto
       *[other] , { $found } falhas achadas em texto
    }

## `failwise state` (cmd/state.rs): uma linha por registro guardado, depois acréscimos a
## `$line`, e o resumo no stderr. `$circuit` é `closed`, `open` ou `half_open`, como no fio.
state-call = chamada { $fingerprint }: { $count } falha(s) seguidas, a última { $last_code } (saída { $last_exit }) em { $last_failed_at }; guardada até { $expires_at }
state-refused = { $line }; recusada agora
state-upstream = upstream { $name }: circuito { $circuit }, { $recent_failures } falha(s) de transporte contadas, { $retry_tokens } ficha(s) de nova tentativa restantes; guardado até { $expires_at }
state-open-until = { $line }; aberto até { $open_until }
state-wait-until = { $line }; quem chama espera até { $wait_until }
state-summary = state: { $calls } chamada(s) e { $upstreams } upstream(s) guardados em { $store }
state-cleared = state: { $cleared } registro(s) apagados de { $store }

stdout-write-failed = failwise: não foi possível escrever na saída padrão: { $reason }

note-line = failwise: { $note }
## `failwise run --verify` (cmd/run/verify.rs): `$command` é o comando de verificação, entre aspas de shell.
verify-running = verificando se a requisição teve efeito: `{ $command }`
verify-landed = o comando de verificação diz que a requisição teve efeito, então ela não é enviada de novo
warning-line = failwise: aviso: { $note }
## `failwise run --guard`/`--state` (cmd/run/guarded.rs): o armazenamento não pôde ser usado,
## então o comando roda sem guarda; `$reason` é a frase `store-*` da biblioteca.
guard-unavailable = o guarda não está disponível, então o comando roda sem ele: { $reason }
guard-no-state-home = nem XDG_STATE_HOME nem HOME apontam para um caminho absoluto; indique um armazenamento com --state
guard-limit-invalid = esperava um número de falhas seguidas (como 3), ou off
switch-invalid = esperava 1, true, yes ou on para ligar, ou 0, false, no, off ou nada para deixar desligado
## Notas de failwise mcp no stderr.
mcp-injected = injetada a falha { $fault } na chamada de { $tool } (id do pedido { $id })
run-injected = injetada a falha { $fault } na tentativa { $attempt } de { $program }
mcp-late-answer = descartada a resposta do servidor ao pedido { $id }, que chegou depois que o proxy já o tinha respondido
mcp-not-jsonrpc = descartada uma linha do stdout do servidor que não é uma mensagem JSON-RPC: { $line }
mcp-state-unavailable = o armazenamento do guarda não pode ser usado, então o guarda mantém seu estado em memória: { $reason }
mcp-guard-unavailable = o armazenamento do guarda falhou, então o proxy segue sem guarda: { $reason }
mcp-restart-failed = o servidor não pôde ser iniciado de novo depois de uma queda injetada: { $reason }
env-secret-unmasked = o valor de { $variable } não pode ser ocultado, então pode aparecer na saída: { $reason }
BREAKING_CHANGE-message = { $count ->
    [one] uma mudança incompatível de { $old } para { $new }
   *[other] { $count } mudanças incompatíveis de { $old } para { $new }
}
BREAKING_CHANGE-recovery = desfaça as mudanças incompatíveis listadas acima, ou publique-as em uma nova versão maior

INPUT_TOO_LARGE-message = { $path } tem mais de { $max } bytes, o máximo que o failwise lê de um arquivo
INPUT_TOO_LARGE-recovery = passe um arquivo de no máximo { $max } bytes (corte { $path } na parte que importa, por exemplo com `head -c`) e rode o comando de novo
CATALOG_INVALID-message = o catálogo { $path } não pode ser usado: { $reason }
CATALOG_INVALID-recovery = corrija { $path } como a mensagem diz; o formato é schemas/catalog.v1.schema.json
EMPTY_COMMAND-message = o comando a rodar está vazio
EMPTY_COMMAND-recovery = passe o programa a rodar depois de `--`, como em `failwise run -- make test`
STATE_UNAVAILABLE-message = não foi possível usar o armazenamento de estado { $store }: { $reason }
STATE_UNAVAILABLE-recovery = verifique se o armazenamento { $store } está acessível (um servidor Redis rodando, uma pasta com permissão de escrita), ou indique outro com --state
CALL_FINGERPRINT_INVALID-message = { $value } não é a impressão digital de uma chamada
CALL_FINGERPRINT_INVALID-recovery = passe os 32 dígitos hexadecimais de `params.call` de um envelope REPEATED_FAILURE, ou liste as chamadas guardadas com `failwise state show`
INJECT_NEEDS_CALL_TIMEOUT-message = --inject nomeia a falha timeout, que retém uma resposta além de --call-timeout, mas --call-timeout não foi dado
INJECT_NEEDS_CALL_TIMEOUT-recovery = acrescente --call-timeout DURAÇÃO (como --call-timeout 5s), ou tire timeout de --inject
STDIN_NAMED_TWICE-message = a entrada padrão (`-`) foi dada a { $first } e a { $second } de `{ $command }`, e só pode ser lida uma vez
STDIN_NAMED_TWICE-recovery = salve a entrada padrão num arquivo e passe esse arquivo a { $first } ou a { $second }, para que `-` seja dado uma vez só, e rode `{ $command }` de novo
INPUT_UNREADABLE-message = não foi possível ler { $path }: { $reason }
INPUT_UNREADABLE-recovery = confira se { $path } existe e pode ser lido e rode o comando de novo
STDIN_UNREADABLE-message = não foi possível ler a entrada padrão ({ $path }): { $reason }
STDIN_UNREADABLE-recovery = redirecione a entrada padrão de um arquivo legível ou de um pipe (não de um diretório), ou passe o arquivo no lugar de { $path }, e rode o comando de novo
LINE_INVALID-message = { $path } linha { $line }: { $detail }
LINE_INVALID-recovery = corrija quem escreve { $path } para que a linha { $line } satisfaça o schema do envelope (`failwise schema` o imprime) e o catálogo, e rode `failwise validate` de novo
RULE_EXAMPLE_MISMATCH-message = a regra { $rule } do pacote { $pack } lê o seu exemplo como { $got }, não { $expected }
RULE_EXAMPLE_MISMATCH-recovery = corrija a regra { $rule } do pacote { $pack } ou o seu exemplo ({ $example }) para que concordem e rode `failwise rules test` de novo
RULE_PACK_INVALID-message = o pacote de regras { $at } não pode ser usado: { $field }: { $detail }
RULE_PACK_INVALID-recovery = corrija { $field } em { $path } como a mensagem diz (o formato é schemas/rule-pack.v1.schema.json, `failwise rules schema` o imprime) e rode `failwise rules lint { $path }`; os outros pacotes continuam valendo
RULE_INVALID-message = a regra { $rule } ({ $code }) de { $at } não pode ser usada: { $field }: { $detail }
RULE_INVALID-recovery = corrija { $field } da regra { $rule } em { $path } como a mensagem diz e rode `failwise rules lint { $path }`; até lá o pacote fica de fora e os outros continuam valendo
RULE_OVERLAP-message = a regra { $rule } ({ $code }) de { $path } e a regra { $other_rule } ({ $other_code }) de { $other_path } leem os exemplos uma da outra, então qual responde depende de onde casam
RULE_OVERLAP-recovery = dê a uma das duas uma `priority` maior, ou estreite o seu `match` aos seus próprios exemplos, e rode `failwise rules lint { $path }` de novo
RULE_NEVER_WINS-message = a regra { $rule } ({ $code }) de { $path } nunca responde: a regra { $other_rule } ({ $other_code }) de { $other_path } vence em cada um dos seus exemplos
RULE_NEVER_WINS-recovery = suba a `priority` da regra { $rule } em { $path } acima da de { $other_code }, ou remova a regra, e rode `failwise rules lint { $path }` de novo
RULE_SHADOWED-message = a regra { $rule } ({ $code }) de { $path } nunca responde nos seus próprios exemplos: a regra { $other_rule } ({ $other_code }) de { $other_path } vence em cada um e o lê do mesmo jeito
RULE_SHADOWED-recovery = dê à regra { $rule } em { $path } um exemplo que só ela lê, ou remova-a por ser redundante, e rode `failwise rules lint { $path }` de novo
RULE_PATTERN_MISSES_EXAMPLE-message = o padrão da regra { $rule } ({ $code }) em { $path } não casa com o seu exemplo ({ $example })
RULE_PATTERN_MISSES_EXAMPLE-recovery = corrija o `match` da regra { $rule } em { $path } para que leia o que o comando do exemplo imprimiu e rode `failwise rules lint { $path }` de novo
RULE_TEXT_UNKNOWN_VARIABLE-message = um texto da regra { $rule } ({ $code }) em { $path } usa { $variable }, que nem o seu padrão captura nem o envelope dá
RULE_TEXT_UNKNOWN_VARIABLE-recovery = nomeie uma captura `(?P<{ $variable }>…)` no `match` da regra { $rule } em { $path }, ou tire { $variable } do seu texto, e rode `failwise rules lint { $path }` de novo
catalog-diff-no-changes = { $old } e { $new } têm os mesmos códigos: nenhuma mudança
rules-list-line = { $pack }: { $rules } regra(s), { $examples } exemplo(s)
rules-test-summary = { $packs } pacote(s), { $rules } regra(s): { $examples } exemplo(s) reproduzido(s), { $mismatches } divergência(s)
rules-list-line-user = { $pack }: { $rules } regra(s), { $examples } exemplo(s), de { $file } ({ $origin })
rules-lint-summary = { $packs } pacote(s), { $rules } regra(s) verificada(s): { $errors } erro(s), { $warnings } aviso(s)
LINT_WARNINGS-message = { $count ->
    [one] { $warnings } aviso de lint em { $path }
   *[other] { $count } avisos de lint em { $path }
}
LINT_WARNINGS-recovery = corrija os avisos mostrados acima, ou rode `failwise catalog lint` sem --strict
SECRET_ENV_NOT_REGISTERED-message = { $reason ->
    [too_short] não é possível ocultar o valor de { $variable } dado com { $flag }: ele tem menos de { $min_chars } caracteres além de espaços
    [number_like] não é possível ocultar o valor de { $variable } dado com { $flag }: ele só tem caracteres de número
    [wire_syntax] não é possível ocultar o valor de { $variable } dado com { $flag }: ele tem aspas ao lado de pontuação de JSON
    [syntax_like] não é possível ocultar o valor de { $variable } dado com { $flag }: ele só tem o que uma linha JSON escreve fora das strings
   *[other] não é possível ocultar o valor de { $variable } dado com { $flag }: ele aparece no próprio vocabulário do envelope
}
SECRET_ENV_NOT_REGISTERED-recovery = defina { $variable } com um valor que o failwise possa ocultar, como a mensagem diz (pelo menos { $min_chars } caracteres, não só dígitos ou pontuação de JSON, sem aspas ao lado de pontuação, não uma palavra que todo envelope imprime), ou retire `{ $flag } { $variable }`
SECRET_ENV_UNSET-message = --secret-env cita { $variable }, que não está definida
SECRET_ENV_UNSET-recovery = exporte { $variable } antes de rodar, ou retire `--secret-env { $variable }`

SECRET_NOT_REGISTERED-message = { $reason ->
    [too_short] não é possível ocultar o valor dado com { $flag }: ele tem menos de { $min_chars } caracteres além de espaços
    [number_like] não é possível ocultar o valor dado com { $flag }: ele só tem caracteres de número
    [wire_syntax] não é possível ocultar o valor dado com { $flag }: ele tem aspas ao lado de pontuação de JSON
    [syntax_like] não é possível ocultar o valor dado com { $flag }: ele só tem o que uma linha JSON escreve fora das strings
   *[other] não é possível ocultar o valor dado com { $flag }: ele aparece no próprio vocabulário do envelope
}
SECRET_NOT_REGISTERED-recovery = dê a { $flag } o valor inteiro do segredo, como a mensagem diz (pelo menos { $min_chars } caracteres, não só dígitos ou pontuação de JSON, sem aspas ao lado de pontuação, não uma palavra que todo envelope imprime), ou retire a opção
UNKNOWN_CODE-message = não há código { $code } no catálogo de { $tool }
UNKNOWN_CODE-recovery = liste os códigos do catálogo de { $tool } com `failwise catalog docs` (acrescente o arquivo do catálogo se você passou --catalog), e rode `failwise explain` com um deles
