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

## A classificação de `recourse run` (crates/recourse/src/classify).

ENOENT-message = { $program }: arquivo ou diretório inexistente: { $path }
ENOENT-recovery = confira o caminho com `ls -ld { $path }` e passe um que exista
EACCES-message = { $program }: permissão negada: { $path }
EACCES-recovery = confira as permissões com `ls -ld { $path }` e conceda acesso com `chmod`, ou rode como um usuário que o tenha
EPERM-message = { $program }: operação não permitida: { $path }
EPERM-recovery = rode o comando como um usuário autorizado a agir sobre { $path }, ou mude o dono com `chown`
ENOTDIR-message = { $program }: não é um diretório: { $path }
ENOTDIR-recovery = confira cada parte de { $path } com `ls -ld`; uma delas é um arquivo, não um diretório
EISDIR-message = { $program }: é um diretório: { $path }
EISDIR-recovery = passe um arquivo, não o diretório { $path }
EEXIST-message = { $program }: o arquivo já existe: { $path }
EEXIST-recovery = escolha outro nome, ou remova { $path } antes se não for mais necessário
ENOSPC-message = { $program }: não há espaço livre no dispositivo: { $path }
ENOSPC-recovery = libere espaço no sistema de arquivos (confira com `df -h`) e rode o comando de novo
EROFS-message = { $program }: sistema de arquivos somente leitura: { $path }
EROFS-recovery = grave em um sistema de arquivos gravável, ou remonte-o para leitura e escrita (confira com `findmnt`)
ECONNREFUSED-message = { $program }: conexão recusada: { $address }
ECONNREFUSED-recovery = confira se o serviço em { $address } está rodando e escutando (por exemplo com `ss -ltn`) e rode o comando de novo
ETIMEDOUT-message = { $program }: tempo de conexão esgotado: { $address }
ETIMEDOUT-recovery = confira se { $address } está acessível (por exemplo com `nc -vz`) e verifique se o pedido chegou antes de enviá-lo de novo
SIGKILL-message = { $program }: encerrado por SIGKILL: parou sem aviso, talvez pelo mecanismo de falta de memória do kernel
SIGKILL-recovery = procure um encerramento por falta de memória em `journalctl -k` ou `dmesg` e verifique o que o comando concluiu antes de rodá-lo de novo
SIGTERM-message = { $program }: encerrado por SIGTERM: interrompido de fora antes de terminar
SIGTERM-recovery = descubra quem enviou o sinal (um limite de tempo, um supervisor, uma pessoa) e verifique o que o comando concluiu antes de rodá-lo de novo
SIGINT-message = { $program }: encerrado por SIGINT: interrompido de fora antes de terminar
SIGINT-recovery = descubra quem enviou o sinal (um limite de tempo, um supervisor, uma pessoa) e verifique o que o comando concluiu antes de rodá-lo de novo
SIGSEGV-message = { $program }: encerrado por SIGSEGV: o programa travou
SIGSEGV-recovery = examine o core dump com `coredumpctl info` e relate a falha; verifique o que o comando concluiu antes de rodá-lo de novo
SIGABRT-message = { $program }: encerrado por SIGABRT: o programa travou
SIGABRT-recovery = examine o core dump com `coredumpctl info` e relate a falha; verifique o que o comando concluiu antes de rodá-lo de novo
SIGPIPE-message = { $program }: encerrado por SIGPIPE: quem lia a saída foi embora
SIGPIPE-recovery = nada a fazer se o leitor parou de propósito (como o `head`); senão, mantenha a ponta de leitura do pipe aberta até o comando terminar
TIMEOUT-message = { $program }: ainda rodando após o limite de tempo de { $timeout_ms } ms e foi interrompido
TIMEOUT-recovery = verifique o que o comando concluiu antes de rodá-lo de novo, ou aumente `--timeout`

## O catálogo do próprio recourse (crates/recourse-cli/src/errors.rs).

INPUT_UNREADABLE-message = não foi possível ler { $path }: { $reason }
INPUT_UNREADABLE-recovery = confira se { $path } existe e pode ser lido, ou passe `-` para ler a entrada padrão
CATALOG_INVALID-message = o catálogo { $path } não pode ser usado: { $reason }
CATALOG_INVALID-recovery = corrija { $path } como a mensagem diz; o formato é schemas/catalog.v1.schema.json
UNKNOWN_CODE-message = não há código { $code } no catálogo de { $tool }
UNKNOWN_CODE-recovery = rode `recourse explain` com um dos códigos em nearby, ou passe --catalog com o catálogo da ferramenta
LINE_INVALID-message = { $path } linha { $line }: { $detail }
LINE_INVALID-recovery = corrija quem escreve { $path } para que a linha { $line } satisfaça schemas/envelope.v1.schema.json e o catálogo, e rode `recourse validate` de novo
LINT_WARNINGS-message = { $count ->
    [one] um aviso de lint em { $path }
   *[other] { $count } avisos de lint em { $path }
}
LINT_WARNINGS-recovery = corrija os avisos mostrados acima, ou rode `recourse catalog lint` sem --strict
BREAKING_CHANGE-message = { $count ->
    [one] uma mudança incompatível de { $old } para { $new }
   *[other] { $count } mudanças incompatíveis de { $old } para { $new }
}
BREAKING_CHANGE-recovery = desfaça as mudanças incompatíveis listadas acima, ou publique-as em uma nova versão maior
