# Os textos do failwise em português do Brasil (pt-BR). Toda mensagem aqui existe também em
# en.ftl, e vice-versa (um teste falha se não). As variáveis são os `params` do envelope.

## Rótulos da saída para pessoas.

render-error = erro
render-warning = aviso
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
render-verify = confira se surtiu efeito

## Erros de linha de comando do próprio failwise (erros de análise do clap).

usage-help = rode `{ $command } --help` para ver os argumentos aceitos
usage-replace-recovery = troque `{ $bad }` por `{ $best }`, ou { $help }
usage-remove-recovery = remova `{ $bad }`, ou { $help }
usage-run-instead-recovery = rode `{ $command } { $best }` no lugar, ou { $help }
usage-pass-value-recovery = passe `{ $best }` para `{ $flag }`, ou outro valor listado em `nearby`
usage-pass-one-of-recovery = passe um de { $values } para `{ $flag }`
usage-pass-missing-recovery = passe `{ $missing }`, ou { $help }
usage-run-subcommand-recovery = rode `{ $command } { $best }`, ou outro subcomando listado em `nearby`
usage-drop-conflict-recovery = retire `{ $bad }` ou o argumento com que ele conflita, ou { $help }
usage-value-form-recovery = dê a `{ $flag }` um valor na forma que a mensagem descreve, ou { $help }
usage-fallback-recovery = corrija a linha de comando: { $help }
usage-UNKNOWN_ARGUMENT-message = argumento inesperado '{ $invalid_argument }'
usage-INVALID_SUBCOMMAND-message = subcomando desconhecido '{ $invalid_subcommand }'
usage-INVALID_VALUE-message = valor inválido '{ $invalid_value }' para '{ $invalid_argument }'
usage-VALUE_VALIDATION-message = valor inválido '{ $invalid_value }' para '{ $invalid_argument }': { $reason }
usage-MISSING_REQUIRED_ARGUMENT-message = argumentos obrigatórios não foram informados: { $invalid_argument }
usage-MISSING_SUBCOMMAND-message = '{ $command }' exige um subcomando
usage-ARGUMENT_CONFLICT-message = o argumento '{ $invalid_argument }' não pode ser usado com '{ $prior_argument }'
## A classificação de `failwise run` (crates/failwise/src/classify). Toda mensagem começa com o
## nome do programa (`$program`); os classificadores dão estes ids e seus argumentos.

exit-unknown-message = { $program }: saiu com { $status } por um motivo que a saída dele não informa de forma conhecida
exit-unknown-recovery = leia `params.stderr` e `{ $program } --help` para descobrir por que ele saiu com { $status } e o que já tinha feito, corrija a causa e rode de novo
exit-unknown-silent-recovery = rode `{ $program }` de novo à mão ou com a opção de detalhamento dele para descobrir por que saiu com { $status }; ele não escreveu nada no stderr
exit-shell-not-found-message = { $program }: saiu com { $status }, o status que os shells usam para "comando não encontrado", sem nomear um programa
exit-shell-not-found-recovery = rode `{ $program }` de novo à mão para ver qual programa ele não encontrou, depois instale esse programa ou corrija o PATH
exit-shell-cannot-execute-message = { $program }: saiu com { $status }, o status que os shells usam para "encontrado, mas não pode ser executado", sem nomear um programa
exit-shell-cannot-execute-recovery = rode `{ $program }` de novo à mão para ver qual programa ele não conseguiu executar, depois confira esse programa com `ls -l`
shell-not-found-message = { $program }: comando não encontrado: { $name }
shell-not-found-recovery = instale `{ $name }` ou corrija o PATH (confira com `command -v { $name }`) e rode o comando de novo
shell-cannot-execute-message = { $program }: encontrado, mas não pode ser executado: { $name }
shell-cannot-execute-recovery = confira `ls -l { $name }`: torne-o executável com `chmod +x { $name }`, ou passe um programa em vez de um diretório
spawn-not-found-message = comando não encontrado: { $program }
spawn-not-found-recovery = { $nearby_count ->
    [0] instale `{ $program }` ou acrescente o diretório dele ao PATH (confira com `command -v { $program_word }`)
   *[other] rode `{ $nearby }` se era isso que você queria; senão, instale `{ $program }` ou acrescente o diretório dele ao PATH
}
spawn-directory-message = não é possível executar { $program }: é um diretório
spawn-directory-recovery = passe um programa, não o diretório { $program } (liste-o com `ls { $program_word }`)
spawn-exhausted-message = { $program }: não pôde ser iniciado: { $text }
spawn-cannot-execute-message = não é possível executar { $program }: { $text }
spawn-cannot-execute-recovery = confira `ls -l { $program_word }`: ele precisa ser um arquivo com o bit de execução (`chmod +x { $program_word }`) em um formato que esta máquina rode
interpreter-missing-message = não é possível executar { $program }: o interpretador indicado na primeira linha, { $interpreter }, não existe
interpreter-missing-recovery = { $nearby_count ->
    [0] instale { $interpreter } ou troque a primeira linha de { $script_word } por um interpretador que exista (`#!/usr/bin/env NOME` procura NOME no PATH)
   *[other] troque a primeira linha de { $script_word } por `#!/usr/bin/env { $nearby }` se esse for o interpretador de que ele precisa; senão, instale { $interpreter }
}
interpreter-crlf-message = não é possível executar { $program }: a primeira linha indica o interpretador { $interpreter } seguido de um retorno de carro (o arquivo tem fins de linha CRLF)
interpreter-crlf-recovery = converta { $script_word } para fins de linha LF (`sed -i 's/\r$//' { $script_word }`) e execute-o de novo
TIMEOUT-message = { $program }: ainda rodando após o limite de tempo de { $timeout_ms } ms e foi interrompido
TIMEOUT-recovery = verifique o que o comando concluiu antes de rodá-lo de novo, ou aumente `--timeout`
classify-fallback-recovery = leia `params.stderr` e rode `{ $program } --help` para descobrir por que ele falhou
recognize-fallback-recovery = leia a saída do comando para descobrir por que ele falhou

## Morte por sinal (classify/signal.rs): encerrado por ele, ou o status 128 + N de um shell.

signal-oom-message = { $program }: encerrado por { $signal }: parou sem aviso, talvez pelo mecanismo de falta de memória do kernel
signal-oom-decoded-message = { $program }: saiu com { $exit } (128 + { $signal }): parou sem aviso, talvez pelo mecanismo de falta de memória do kernel
signal-oom-recovery = procure um encerramento por falta de memória em `journalctl -k` ou `dmesg` e verifique o que o comando concluiu antes de rodá-lo de novo
signal-pipe-message = { $program }: encerrado por { $signal }: quem lia a saída dele foi embora
signal-pipe-decoded-message = { $program }: saiu com { $exit } (128 + { $signal }): quem lia a saída dele foi embora
signal-pipe-recovery = nada a fazer se o leitor parou de propósito (como o `head`); senão, mantenha a ponta de leitura do pipe aberta até o comando terminar
signal-crash-message = { $program }: encerrado por { $signal }: o programa travou
signal-crash-decoded-message = { $program }: saiu com { $exit } (128 + { $signal }): o programa travou
signal-crash-recovery = examine o core dump com `coredumpctl info` e relate a falha; verifique o que o comando concluiu antes de rodá-lo de novo
signal-limit-message = { $program }: encerrado por { $signal }: ultrapassou um limite de recursos
signal-limit-decoded-message = { $program }: saiu com { $exit } (128 + { $signal }): ultrapassou um limite de recursos
signal-limit-recovery = aumente o limite com `ulimit -t` (tempo de CPU) ou `ulimit -f` (tamanho de arquivo) e rode o comando de novo
signal-stopped-message = { $program }: encerrado por { $signal }: interrompido de fora antes de terminar
signal-stopped-decoded-message = { $program }: saiu com { $exit } (128 + { $signal }): interrompido de fora antes de terminar
signal-stopped-recovery = descubra quem enviou o sinal (um limite de tempo, um supervisor, uma pessoa) e verifique o que o comando concluiu antes de rodá-lo de novo

## As mensagens fixas do git (classify/git.rs).

GIT_NOT_A_REPOSITORY-message = { $program }: não é um repositório git (nem algum dos diretórios acima)
GIT_NOT_A_REPOSITORY-recovery = rode o comando dentro de um repositório git (ou passe `git -C <repo>`), ou crie um com `git init`
GIT_REPOSITORY_NOT_FOUND-message = { $program }: repositório não encontrado: { $repository }
GIT_REPOSITORY_NOT_FOUND-recovery = confira a URL ou o caminho do repositório (liste os remotos com `git remote -v`) e o seu acesso a ele
GIT_AUTHENTICATION_FAILED-message = { $program }: a autenticação falhou para { $url }
GIT_AUTHENTICATION_FAILED-recovery = corrija as credenciais do remoto (veja `git credential fill` ou a chave SSH) e rode o comando de novo
GIT_UNKNOWN_REVISION-message = { $program }: revisão desconhecida ou caminho fora da árvore de trabalho: { $revision }
GIT_UNKNOWN_REVISION-recovery = liste as revisões com `git branch -a` e `git tag`, ou separe caminhos de revisões com `--`
GIT_LOCK_EXISTS-message = { $program }: o arquivo de trava já existe: { $path }
GIT_LOCK_EXISTS-recovery = procure um git em execução com `pgrep -a git`; se não houver nenhum, remova { $path } e rode o comando de novo
GIT_PUSH_REJECTED-message = { $program }: o remoto rejeitou algumas refs
GIT_PUSH_REJECTED-recovery = { $non_fast_forward ->
    [true] rode `git pull --rebase`, resolva os conflitos que houver e faça o push de novo
   *[other] leia as linhas `! [rejected]` em `params.stderr`, corrija a causa e faça o push de novo
}
GIT_MERGE_CONFLICT-message = { $program }: o merge automático falhou com conflitos
GIT_MERGE_CONFLICT-recovery = resolva os conflitos listados por `git status`, faça `git add` deles e depois `git commit` (ou `git merge --abort`)
GIT_LOCAL_CHANGES_WOULD_BE_OVERWRITTEN-message = { $program }: alterações locais seriam sobrescritas
GIT_LOCAL_CHANGES_WOULD_BE_OVERWRITTEN-recovery = faça commit das suas alterações ou guarde-as com `git stash` e rode o comando de novo
GIT_REMOTE_REF_NOT_FOUND-message = { $program }: a ref remota { $ref } não foi encontrada
GIT_REMOTE_REF_NOT_FOUND-recovery = liste as refs do remoto com `git ls-remote` e passe uma que exista


## cargo e rustc (classify/cargo.rs): a mensagem cita o próprio texto do rustc.

rustc-message = { $program }: erro de compilação { $rustc_code }: { $detail }
rustc-recovery = corrija o código no local indicado e leia `rustc --explain { $rustc_code }` para ver exemplos
CARGO_NO_SUCH_COMMAND-message = { $program }: comando inexistente: { $subcommand }
CARGO_NO_SUCH_COMMAND-recovery = liste os comandos instalados com `cargo --list` e rode um deles
CARGO_MANIFEST_NOT_FOUND-message = { $program }: `Cargo.toml` não encontrado em { $path } nem em nenhum diretório acima
CARGO_MANIFEST_NOT_FOUND-recovery = rode o comando dentro de um pacote Cargo, ou passe `--manifest-path PATH/Cargo.toml`
CARGO_COULD_NOT_COMPILE-message = { $program }: não foi possível compilar { $crate }
CARGO_COULD_NOT_COMPILE-recovery = corrija os erros que o rustc mostrou acima (veja `params.stderr`) e compile de novo
CARGO_TEST_FAILED-message = { $program }: testes falharam
CARGO_TEST_FAILED-recovery = leia os testes que falharam na saída, corrija-os e rode `cargo test { $rerun_flag }`

## Programas feitos com clap (classify/clap.rs): a mensagem cita a primeira linha do clap.

clap-message = { $program }: erro na linha de comando ({ $code }): { $detail }
clap-recovery = rode `{ $program } --help` para ver os argumentos aceitos e corrija a linha de comando


## errno (classify/errno.rs): o texto de strerror de cada nome e o que fazer; `$subject` é o
## caminho ou endereço lido, ou `errno-no-subject`.

errno-message = { $program }: { $text }: { $subject }
errno-bare-message = { $program }: { $text }
errno-no-subject = o caminho
errno-EPERM = operação não permitida
errno-EPERM-recovery = rode o comando como um usuário autorizado a agir sobre { $subject }, ou mude o dono com `chown`
errno-ENOENT = arquivo ou diretório inexistente
errno-ENOENT-recovery = confira o caminho com `{ $ls_ld }` e passe um que exista
errno-ESRCH = processo inexistente
errno-ESRCH-recovery = liste os processos em execução com `ps -ef` e passe um que exista
errno-EINTR = chamada de sistema interrompida
errno-EINTR-recovery = rode o comando de novo
errno-EIO = erro de entrada/saída
errno-EIO-recovery = confira o dispositivo com `dmesg` e verifique o que foi gravado antes de rodar o comando de novo
errno-ENXIO = dispositivo ou endereço inexistente
errno-ENXIO-recovery = confira se o dispositivo { $subject } existe com `ls -l`
errno-E2BIG = lista de argumentos longa demais
errno-E2BIG-recovery = passe menos argumentos, por exemplo por meio do `xargs`
errno-ENOEXEC = formato de executável inválido
errno-ENOEXEC-recovery = confira o tipo do arquivo com `file { $subject }`: ele precisa ser um binário para esta máquina ou começar com `#!`
errno-EBADF = descritor de arquivo inválido
errno-EBADF-recovery = leia `params.stderr` para descobrir qual descritor foi fechado e relate aos autores do programa
errno-ECHILD = nenhum processo filho
errno-ECHILD-recovery = leia `params.stderr` e relate aos autores do programa
errno-EAGAIN = recurso temporariamente indisponível
errno-EAGAIN-recovery = espere um pouco e rode o comando de novo
errno-ENOMEM = não foi possível alocar memória
errno-ENOMEM-recovery = libere memória (confira com `free -h`) ou aumente o limite e rode o comando de novo
errno-EACCES = permissão negada
errno-EACCES-recovery = confira as permissões com `{ $ls_ld }` e conceda acesso com `chmod`, ou rode como um usuário que o tenha
errno-EFAULT = endereço inválido
errno-EFAULT-recovery = relate a falha aos autores do programa com `params.stderr`
errno-EBUSY = dispositivo ou recurso ocupado
errno-EBUSY-recovery = descubra o que está usando { $subject } com `fuser -v { $subject }`, espere terminar e rode o comando de novo
errno-EEXIST = o arquivo já existe
errno-EEXIST-recovery = escolha outro nome, ou remova { $subject } antes se não for mais necessário
errno-EXDEV = link inválido entre dispositivos
errno-EXDEV-recovery = copie o arquivo com `cp` e remova o original em vez de renomear entre sistemas de arquivos
errno-ENODEV = dispositivo inexistente
errno-ENODEV-recovery = confira se o dispositivo existe com `lsblk`
errno-ENOTDIR = não é um diretório
errno-ENOTDIR-recovery = confira cada parte de { $subject } com `ls -ld`; uma delas é um arquivo, não um diretório
errno-EISDIR = é um diretório
errno-EISDIR-recovery = passe um arquivo, não o diretório { $subject }
errno-EINVAL = argumento inválido
errno-EINVAL-recovery = confira os argumentos com o `--help` do programa
errno-ENFILE = arquivos abertos demais no sistema
errno-ENFILE-recovery = espere outros programas fecharem arquivos (veja `cat /proc/sys/fs/file-nr`) e rode o comando de novo
errno-EMFILE = arquivos abertos demais
errno-EMFILE-recovery = aumente o limite de arquivos abertos com `ulimit -n` e rode o comando de novo
errno-ENOTTY = ioctl inadequado para o dispositivo
errno-ENOTTY-recovery = rode o comando em um terminal, ou passe a opção que o torna não interativo
errno-ETXTBSY = arquivo de texto ocupado
errno-ETXTBSY-recovery = espere o programa em execução { $subject } terminar e rode o comando de novo
errno-EFBIG = arquivo grande demais
errno-EFBIG-recovery = aumente o limite com `ulimit -f` ou grave em um sistema de arquivos que aceite arquivos maiores
errno-ENOSPC = não há espaço livre no dispositivo
errno-ENOSPC-recovery = libere espaço no sistema de arquivos (confira com `df -h`) e rode o comando de novo
errno-ESPIPE = busca inválida
errno-ESPIPE-recovery = passe um arquivo comum em vez de um pipe
errno-EROFS = sistema de arquivos somente leitura
errno-EROFS-recovery = grave em um sistema de arquivos gravável, ou remonte-o para leitura e escrita (confira com `findmnt`)
errno-EMLINK = links demais
errno-EMLINK-recovery = remova hard links ou subdiretórios que não são usados e rode o comando de novo
errno-EPIPE = pipe quebrado
errno-EPIPE-recovery = confira se o leitor na outra ponta continuou aberto e verifique o que foi enviado antes de enviar de novo
errno-EDOM = argumento numérico fora do domínio
errno-EDOM-recovery = passe um valor dentro da faixa aceita
errno-ERANGE = resultado numérico fora do intervalo
errno-ERANGE-recovery = passe um valor dentro da faixa aceita
errno-EDEADLK = impasse de recurso evitado
errno-EDEADLK-recovery = rode o comando de novo
errno-ENAMETOOLONG = nome de arquivo longo demais
errno-ENAMETOOLONG-recovery = passe um caminho mais curto
errno-ENOLCK = nenhuma trava disponível
errno-ENOLCK-recovery = espere outros programas liberarem as travas deles e rode o comando de novo
errno-ENOSYS = função não implementada
errno-ENOSYS-recovery = rode o comando em um kernel ou sistema de arquivos que dê suporte à operação
errno-ENOTEMPTY = diretório não vazio
errno-ENOTEMPTY-recovery = remova antes o conteúdo de { $subject } (confira com `ls -A`), ou escolha outro diretório
errno-ELOOP = níveis demais de links simbólicos
errno-ELOOP-recovery = desfaça o ciclo de links simbólicos em { $subject } (examine-o com `namei -l`)
errno-ENODATA = nenhum dado disponível
errno-ENODATA-recovery = confira se o atributo ou dado pedido existe
errno-ETIME = o temporizador expirou
errno-ETIME-recovery = verifique se a operação foi concluída antes de rodar o comando de novo
errno-ENOLINK = o link foi cortado
errno-ENOLINK-recovery = confira a montagem remota e verifique o que foi gravado antes de rodar o comando de novo
errno-EPROTO = erro de protocolo
errno-EPROTO-recovery = confira se as duas pontas falam a mesma versão do protocolo
errno-EOVERFLOW = valor grande demais para o tipo de dado definido
errno-EOVERFLOW-recovery = use uma versão do programa com suporte a arquivos grandes
errno-EILSEQ = caractere multibyte ou largo inválido ou incompleto
errno-EILSEQ-recovery = confira a codificação da entrada (por exemplo com `file -i`) e converta-a com `iconv`
errno-EUSERS = usuários demais
errno-EUSERS-recovery = espere outros usuários saírem e rode o comando de novo
errno-ENOTSOCK = operação de socket em algo que não é socket
errno-ENOTSOCK-recovery = passe um socket, não um arquivo
errno-EMSGSIZE = mensagem longa demais
errno-EMSGSIZE-recovery = envie uma mensagem menor
errno-EPROTONOSUPPORT = protocolo não suportado
errno-EPROTONOSUPPORT-recovery = use um protocolo que esta máquina suporte
errno-EOPNOTSUPP = operação não suportada
errno-EOPNOTSUPP-recovery = rode o comando em um sistema de arquivos ou dispositivo que dê suporte à operação
errno-EAFNOSUPPORT = família de endereços não suportada pelo protocolo
errno-EAFNOSUPPORT-recovery = use uma família de endereços que esta máquina suporte (confira o IPv6 com `ip -6 addr`)
errno-EADDRINUSE = endereço já em uso
errno-EADDRINUSE-recovery = encontre o processo que ocupa a porta com `ss -ltnp` e pare-o, ou escolha outra porta
errno-EADDRNOTAVAIL = não foi possível atribuir o endereço pedido
errno-EADDRNOTAVAIL-recovery = use um endereço que esta máquina tenha (liste-os com `ip addr`)
errno-ENETDOWN = a rede está fora do ar
errno-ENETDOWN-recovery = ative a rede (confira com `ip link`) e rode o comando de novo
errno-ENETUNREACH = a rede está inacessível
errno-ENETUNREACH-recovery = confira a rota com `ip route` e rode o comando de novo
errno-ENETRESET = a rede derrubou a conexão ao reiniciar
errno-ENETRESET-recovery = verifique se o pedido chegou antes de enviá-lo de novo
errno-ECONNABORTED = conexão abortada por software
errno-ECONNABORTED-recovery = verifique se o pedido chegou antes de enviá-lo de novo
errno-ECONNRESET = conexão reiniciada pela outra ponta
errno-ECONNRESET-recovery = verifique se o pedido chegou a { $subject } antes de enviá-lo de novo
errno-ENOBUFS = não há espaço de buffer disponível
errno-ENOBUFS-recovery = espere um pouco e rode o comando de novo
errno-EISCONN = o ponto de transporte já está conectado
errno-EISCONN-recovery = relate a falha aos autores do programa com `params.stderr`
errno-ENOTCONN = o ponto de transporte não está conectado
errno-ENOTCONN-recovery = confira a conexão ou a montagem (para FUSE: `fusermount -u`) e rode o comando de novo
errno-ESHUTDOWN = não é possível enviar depois que o ponto de transporte foi encerrado
errno-ESHUTDOWN-recovery = verifique se o pedido chegou antes de enviá-lo de novo
errno-ETIMEDOUT = tempo de conexão esgotado
errno-ETIMEDOUT-recovery = confira se { $subject } está acessível (por exemplo com `nc -vz`) e verifique se o pedido chegou antes de enviá-lo de novo
errno-ECONNREFUSED = conexão recusada
errno-ECONNREFUSED-recovery = confira se o serviço em { $subject } está rodando e escutando (por exemplo com `ss -ltn`) e rode o comando de novo
errno-EHOSTDOWN = o host está fora do ar
errno-EHOSTDOWN-recovery = confira se o host { $subject } está no ar e rode o comando de novo
errno-EHOSTUNREACH = nenhuma rota para o host
errno-EHOSTUNREACH-recovery = confira a rota até { $subject } com `ip route get` e rode o comando de novo
errno-EALREADY = operação já em andamento
errno-EALREADY-recovery = espere a operação em andamento terminar e rode o comando de novo
errno-EINPROGRESS = operação agora em andamento
errno-EINPROGRESS-recovery = espere a operação em andamento terminar e rode o comando de novo
errno-ESTALE = identificador de arquivo obsoleto
errno-ESTALE-recovery = remonte o sistema de arquivos de rede ou abra { $subject } de novo, e rode o comando de novo
errno-EDQUOT = cota de disco excedida
errno-EDQUOT-recovery = libere espaço dentro da sua cota (confira com `quota -s`) e rode o comando de novo
errno-ECANCELED = operação cancelada
errno-ECANCELED-recovery = verifique o que o comando concluiu antes de rodá-lo de novo
errno-EOWNERDEAD = o dono morreu
errno-EOWNERDEAD-recovery = verifique o estado que o dono anterior deixou antes de rodar o comando de novo

## Os sysexits de <sysexits.h> (classify/exit.rs).

EX_USAGE-message = { $program }: o comando foi usado de forma incorreta
EX_USAGE-recovery = rode `{ $program } --help` e corrija a linha de comando
EX_DATAERR-message = { $program }: os dados de entrada estavam incorretos
EX_DATAERR-recovery = corrija os dados de entrada citados em `params.stderr` e rode o comando de novo
EX_NOINPUT-message = { $program }: um arquivo de entrada não existia ou não podia ser lido
EX_NOINPUT-recovery = confira com `ls -l` o arquivo de entrada citado em `params.stderr` e passe um que exista
EX_NOUSER-message = { $program }: o usuário informado não existe
EX_NOUSER-recovery = confira o nome de usuário com `getent passwd` e passe um que exista
EX_NOHOST-message = { $program }: o host informado não existe
EX_NOHOST-recovery = confira o nome de host com `getent hosts` e passe um que seja resolvido
EX_UNAVAILABLE-message = { $program }: um serviço ou programa de que ele precisa está indisponível
EX_UNAVAILABLE-recovery = leia `params.stderr` para descobrir qual serviço está indisponível, inicie-o e rode o comando de novo
EX_SOFTWARE-message = { $program }: um erro interno de software
EX_SOFTWARE-recovery = relate a falha aos autores do programa com `params.stderr`
EX_OSERR-message = { $program }: um erro do sistema operacional (como não conseguir fazer fork)
EX_OSERR-recovery = confira os recursos do sistema (`free -h`, `ulimit -a`) e verifique o que o comando concluiu antes de rodá-lo de novo
EX_OSFILE-message = { $program }: um arquivo de sistema está faltando ou errado
EX_OSFILE-recovery = restaure o arquivo de sistema citado em `params.stderr` e rode o comando de novo
EX_CANTCREAT-message = { $program }: não é possível criar um arquivo de saída
EX_CANTCREAT-recovery = confira se o diretório de saída existe e aceita gravação (`ls -ld`) e rode o comando de novo
EX_IOERR-message = { $program }: um erro de entrada/saída
EX_IOERR-recovery = confira o dispositivo com `dmesg` e verifique o que foi gravado antes de rodar o comando de novo
EX_TEMPFAIL-message = { $program }: uma falha temporária
EX_TEMPFAIL-recovery = espere um pouco e rode o comando de novo
EX_PROTOCOL-message = { $program }: a outra ponta violou o protocolo
EX_PROTOCOL-recovery = confira se as duas pontas rodam versões compatíveis e rode o comando de novo
EX_NOPERM-message = { $program }: permissão insuficiente
EX_NOPERM-recovery = rode o comando como um usuário com a permissão citada em `params.stderr`
EX_CONFIG-message = { $program }: um erro de configuração
EX_CONFIG-recovery = corrija a configuração citada em `params.stderr` e rode o comando de novo

## Os códigos de resultado do SQLite (classify/sqlite.rs): a mensagem cita o próprio texto dele.

sqlite-message = { $program }: o SQLite relatou { $code }: { $detail }
SQLITE_ERROR-recovery = corrija a instrução SQL citada em `params.stderr` (confira o esquema com `.schema`)
SQLITE_INTERNAL-recovery = relate a falha aos autores do SQLite com `params.stderr`
SQLITE_PERM-recovery = confira as permissões do arquivo do banco de dados com `ls -l`
SQLITE_ABORT-recovery = verifique o que a transação gravou antes de rodá-la de novo
SQLITE_BUSY-recovery = espere a outra conexão terminar a transação dela (ou defina `.timeout MS`) e rode o comando de novo
SQLITE_LOCKED-recovery = espere a instrução em conflito na mesma conexão terminar e rode o comando de novo
SQLITE_NOMEM-recovery = libere memória e rode o comando de novo
SQLITE_READONLY-recovery = permita a gravação no arquivo do banco de dados e no diretório dele (`ls -l`) e rode o comando de novo
SQLITE_INTERRUPT-recovery = verifique o que a instrução gravou antes de rodá-la de novo
SQLITE_IOERR-recovery = confira o disco com `dmesg` e verifique o banco de dados com `PRAGMA integrity_check`
SQLITE_CORRUPT-recovery = rode `PRAGMA integrity_check` e restaure o banco de dados de um backup (ou `.recover`)
SQLITE_FULL-recovery = libere espaço no sistema de arquivos (confira com `df -h`) e rode o comando de novo
SQLITE_CANTOPEN-recovery = confira se o caminho do banco de dados e o diretório dele existem e podem ser lidos (`ls -ld`)
SQLITE_PROTOCOL-recovery = rode o comando de novo
SQLITE_SCHEMA-recovery = rode a instrução de novo; ela será preparada com o novo esquema
SQLITE_TOOBIG-recovery = insira um valor menor, ou aumente SQLITE_MAX_LENGTH
SQLITE_CONSTRAINT-recovery = leia a restrição citada em `params.stderr` e mude a linha ou atualize a que já existe
SQLITE_MISMATCH-recovery = passe um valor do tipo da coluna
SQLITE_MISUSE-recovery = relate o uso indevido aos autores do programa
SQLITE_AUTH-recovery = rode a instrução como um usuário que o autorizador permita
SQLITE_RANGE-recovery = associe parâmetros dentro do intervalo da instrução
SQLITE_NOTADB-recovery = passe um arquivo de banco de dados SQLite (confira com `file`)

## As frases do próprio failwise em envelopes lidos de outros dialetos (dialect/*: recuperações
## de reserva e afins); o resto do envelope é o texto da própria fonte.

dialect-no-text-message = a ferramenta relatou um erro sem texto
dialect-cannot-on-message = a ação { $action } falhou em { $subject }
dialect-cannot-message = a ação { $action } falhou
dialect-fallback-unknown-recovery = verifique se o pedido surtiu efeito antes de enviá-lo de novo; reenvie só se ele for idempotente
dialect-fallback-transient-recovery = espere e envie o mesmo pedido de novo
dialect-fallback-conflict-recovery = leia o estado atual de novo e envie um pedido alterado
dialect-fallback-precondition-recovery = corrija a condição que a mensagem cita e envie o pedido de novo
dialect-fallback-ambiguous-recovery = confira a mensagem e o estado que ela cita antes de decidir o que enviar a seguir
dialect-fallback-permanent-recovery = mude o pedido como a mensagem diz; enviado sem mudanças, ele falha do mesmo jeito
dialect-calendar-quota-recovery = espere o período da cota recomeçar (o `retry_after_ms_hint` em params, quando houver), ou aumente a cota ou o plano; reenviar agora gasta mais de um orçamento esgotado
catalog-fallback-recovery = consulte o catálogo de erros da ferramenta para este código
dialect-open-doc-recovery = abra { $url }
dialect-open-doc-described-recovery = abra { $url } ({ $description })
dialect-slack-message = erro da API do Slack: { $code }
dialect-stripe-message = erro do Stripe: { $type }
UNREADABLE_RECORD-message = a linha { $line } de { $input } não é um registro que o failwise consiga ler: { $reason }
UNREADABLE_RECORD-recovery = corrija a linha { $line } de { $input } para que tenha um único registro JSON, ou passe --from para indicar o dialeto dela

## `failwise explain`: as descrições de uma linha dos códigos que os
## classificadores e a linha de comando do próprio failwise dão (classify/explain.rs).
builtin-exit-description = O comando saiu com o status { $status } e nada que o failwise reconhece diz por quê.
builtin-sysexit-description = O comando saiu com o status { $code } de <sysexits.h>.
builtin-signal-description = O comando foi morto por { $code }, ou um shell o relatou como 128 + o número do sinal.
builtin-errno-description = O comando relatou o errno { $code } ({ $text }).
builtin-curl-description = O curl saiu com { $code }.
builtin-sqlite-description = O SQLite relatou o código de resultado { $code }.
builtin-timeout-description = O comando ainda estava em execução no limite de tempo de `failwise run --timeout` e foi interrompido.
builtin-spawn-description = O comando não pôde ser iniciado: { $code }.
builtin-tool-description = Uma mensagem fixa e documentada de uma ferramenta conhecida, reconhecida por `failwise run`: { $code }.
builtin-secret-description = Um segredo dado ao `failwise run` para ocultar não pode ser ocultado: { $code }.
builtin-usage-description = Um erro de uso na própria linha de comando do failwise ({ $code } do clap).

## `failwise validate`: a descrição do problema de uma linha (`params.problem` de
## LINE_INVALID; read.rs `ReadError`), `$at` o JSON Pointer ou `problem-at-line`.
## O `$detail` de INVALID_JSON é o texto do próprio parser, como o do serde em `bad-value-shape`.
problem-at-line = linha
problem-INVARIANT_RECOVERY_PRESENT = { $at } viola o invariante recovery_present: { invariant-recovery_present }
problem-INVARIANT_RETRYABLE_FOLLOWS_RETRY = { $at } viola o invariante retryable_follows_retry: { invariant-retryable_follows_retry }
problem-INVARIANT_WAIT_ONLY_WITH_YES = { $at } viola o invariante wait_only_with_yes: { invariant-wait_only_with_yes }
problem-INVARIANT_CLASS_BOUNDS_RETRY = { $at } viola o invariante class_bounds_retry: { invariant-class_bounds_retry }
problem-INVARIANT_GATE_COMPLETE = { $at } viola o invariante gate_complete: { invariant-gate_complete }
problem-INVARIANT_LISTS_NON_EMPTY = { $at } viola o invariante lists_non_empty: { invariant-lists_non_empty }
problem-INVARIANT_ABSENT_MEANS_OMITTED = { $at } viola o invariante absent_means_omitted: { invariant-absent_means_omitted }
problem-INVARIANT_ITEM_INDEX_IN_RANGE = { $at } viola o invariante item_index_in_range: { invariant-item_index_in_range }
problem-INVARIANT_VERIFY_ONLY_WITH_UNKNOWN = { $at } viola o invariante verify_only_with_unknown: { invariant-verify_only_with_unknown }
problem-INVALID_JSON = não é JSON na coluna { $column }: { $detail }
problem-DUPLICATE_KEY = { $at } aparece duas vezes no mesmo objeto; os nomes de membros devem ser únicos (RFC 7493 §2.3)
problem-NOT_AN_OBJECT = a linha é JSON mas não é um objeto
problem-NOT_AN_ENVELOPE = o objeto não tem "error": true, então não é um registro de falha
problem-MISSING_FIELD = o campo obrigatório { $at } está ausente
problem-WRONG_TYPE = { $at } deve ser { $expected }
problem-BAD_VALUE = { $at }: { $detail }
problem-INVALID_UTF8 = a linha não é UTF-8

## Os invariantes do envelope (read.rs `Invariant::rule`), cada um numa frase.
invariant-recovery_present = todo envelope traz uma frase de recuperação não vazia
invariant-retryable_follows_retry = retryable é true exatamente quando retry é "yes"
invariant-wait_only_with_yes = retry_after_ms só aparece com retry "yes"
invariant-class_bounds_retry = transient aceita retry yes|unknown, conflict yes|no, precondition_failed e permanent no, ambiguous unknown|no
invariant-gate_complete = gate tem rule, violation e alternative, e a alternative é uma diretiva
invariant-lists_non_empty = nearby, candidates, discarded_flags, causes e verify.command nunca são listas vazias
invariant-absent_means_omitted = um campo opcional ausente é omitido, nunca null ou ""
invariant-item_index_in_range = items.failed_index e todo items.results[].index são posições contadas a partir de 1 dentro de items.total
invariant-verify_only_with_unknown = verify aparece só com retry "unknown": ele diz se um pedido de efeito desconhecido surtiu efeito

## O que um campo da linha deve ser (`$expected` de problem-WRONG_TYPE e bad-value-shape).
expected-string = uma string
expected-array-of-strings = um array de strings
expected-exit-status = um inteiro em 1..=255
expected-boolean = um booleano
expected-non-negative-integer = um inteiro não negativo
expected-object = um objeto
expected-retry-verdict = um de "yes", "no", "unknown"
expected-array-of-candidates = um array de candidatos
expected-location = um objeto com path, line, column
expected-items = um objeto com total, failed_index, results
expected-gate = um objeto com rule, violation, alternative
expected-provider = um objeto com kind e status
expected-truncated = um objeto de tamanhos em bytes
expected-source = um objeto com dialect e code
expected-array-of-causes = um array de causas
expected-verify = um objeto com command, um array de strings

## O que há de errado no valor de um campo (`$detail` de problem-BAD_VALUE); um valor entre
## aspas é o texto da própria linha.
bad-value-shape = { $expected }: { $detail }
bad-value-exit-range = o status de saída { $status } está fora de 1..=255
bad-value-error-class = classe desconhecida { $class }; esperava transient, conflict, precondition_failed, permanent ou ambiguous
bad-value-retry = veredito desconhecido { $retry }; esperava yes, no ou unknown
bad-value-lang = { $tag } não é uma tag de idioma BCP 47 como en ou pt-BR
bad-value-one-based = line e column começam em 1
bad-value-similarity = similarity deve estar em 0..=1
bad-value-candidate-text = o texto tem mais de { $max } caracteres
bad-value-http-status = um status HTTP fica em 100..=599
bad-value-cause-message = a mensagem de uma causa nunca fica em branco
bad-value-verify-program = o primeiro elemento do comando de verificação, o programa, nunca fica vazio

## O guarda (guard/refusal.rs): uma chamada respondida sem ser enviada. `$count` falhas
## seguidas, `$call` a impressão digital da chamada, `$last_code` e `$last_recovery` o código e a
## recuperação da última falha como o envelope dela os deu, `$upstream` um host (e porta),
## `$until` um horário RFC 3339, `$wait` e `$window` durações.
REPEATED_FAILURE-message = esta chamada falhou { $count } vezes seguidas com { $last_code }, do mesmo jeito a cada vez, então não foi executada de novo
REPEATED_FAILURE-recovery = { $last_recovery }; a mesma chamada não é executada de novo depois da mesma falha: mude a chamada, ou apague o que o guarda guarda para ela com `failwise state clear --call { $call }`
REPEATED_FAILURE-recovery-tool = { $last_recovery }; a mesma chamada de ferramenta não é enviada de novo depois da mesma falha: mude um argumento, ou envie-a assim mesmo com `"failwise/force": true` no `_meta` do pedido
CIRCUIT_OPEN-message = { $upstream } deixou de responder { $failures } vezes em { $window }, então as chamadas a ele ficam retidas até { $until }; a chamada não foi executada
CIRCUIT_OPEN-recovery = espere { $wait }, depois do que uma chamada passa para sondar { $upstream }, ou verifique se ele está acessível; `failwise state clear --upstream { $upstream }` fecha o circuito
UPSTREAM_WAIT-message = { $upstream } pediu a quem o chama que espere até { $until }; a chamada não foi executada
UPSTREAM_WAIT-recovery = execute a chamada de novo depois de { $wait }

## O armazenamento de estado do guarda (guard/store.rs `StoreError`); `$reason` é o texto do
## próprio SQLite ou do cliente Redis, e `$location` nunca contém uma senha.
store-unreachable = não foi possível abrir o armazenamento de estado { $location }: { $reason }
store-failed = o armazenamento de estado { $location } falhou: { $reason }
store-newer-schema = o armazenamento de estado { $location } tem a versão de esquema { $found }, mais nova que a { $known } que este failwise conhece; atualize o failwise ou indique outro armazenamento com --state
store-unknown-scheme = um armazenamento é um arquivo SQLite (um caminho, ou sqlite:CAMINHO) ou um servidor Redis (redis://, redis+unix://, unix://, valkey://), não uma URL { $scheme }://
store-not-built = esta compilação do failwise não tem suporte para este tipo de armazenamento

## Os erros da própria biblioteca (code.rs `InvalidCode`, draft.rs `EmptyRecovery`, verdict.rs
## `InvalidVerdict`, redact.rs `RefusedSecret`, i18n `I18nError`); um valor entre aspas é o
## texto de quem chamou, e os erros de parse do Fluent ficam como o Fluent os escreveu.
code-invalid = código inválido { $text }: { $reason }; escreva UPPER_SNAKE como `FILE_NOT_FOUND`
code-rule-empty = está vazio
code-rule-first-letter = deve começar com A-Z
code-rule-characters = só A-Z, 0-9 e _ podem vir depois da primeira letra
draft-empty-recovery = a frase de recuperação está vazia: escreva uma frase imperativa que nomeie um comando, flag, chave ou arquivo
verdict-invalid = error_class { $class } não admite retry { $retry }: transient aceita yes|unknown, conflict yes|no, precondition_failed e permanent no, ambiguous unknown|no
secret-too-short = o segredo tem { $chars } caracteres além de espaços; registre valores de pelo menos { $min } (valores mais curtos mascarariam texto comum)
secret-number-like = o segredo é feito só de caracteres de número, que os próprios números do envelope poderiam formar; registre um valor com outros caracteres
secret-wire-vocabulary = o segredo aparece dentro de uma palavra do vocabulário do próprio envelope (um nome de membro, um valor de enum, um marcador ou um rótulo), que todo envelope imprime, então não pode ser escondido
secret-wire-syntax = o segredo tem aspas ao lado de pontuação de JSON, que a sintaxe de uma linha JSON em volta dos campos pode formar, então não pode ser escondido
secret-syntax-like = o segredo só tem o que uma linha JSON escreve fora das strings (dígitos, pontuação, partes de true, false e null), então não pode ser escondido
i18n-invalid-tag = { $tag } não é uma tag de idioma BCP 47; escreva uma como `en`, `pt-BR`
i18n-invalid-resource = o recurso Fluent para { $lang } não passa no parse: { $errors }

## Catálogos (catalog/{file,template,lint,diff}.rs): por que um catálogo não pode ser usado, seus
## avisos e as mudanças entre duas versões. Códigos, nomes de campos, status e classes ficam
## como o catálogo os escreve; um valor entre aspas é o texto do próprio catálogo.
catalog-error-syntax = o catálogo não passa no parse como { $format }: { $detail }
catalog-error-invalid = o catálogo viola { $count } regra(s)
catalog-problem-duplicate-code = o código aparece duas vezes; dê a cada entrada o seu próprio código
catalog-problem-empty-recovery = a recuperação está vazia; escreva uma frase imperativa que nomeie um comando, flag, chave ou caminho
catalog-problem-line-break = { $field } tem uma quebra de linha; escreva em uma linha só
catalog-problem-template = template de { $field }: { $error }
catalog-problem-param-name = o param { $param } não é um nome válido; escreva [a-z_][a-z0-9_]* como `path`
catalog-problem-param-twice = o param { $param } aparece duas vezes na lista
catalog-problem-replaced-by-stable = replaced_by { $replaced_by } num código stable; defina status "deprecated" ou remova replaced_by
catalog-problem-replaced-by-unknown = replaced_by nomeia { $replaced_by }, que não está no catálogo
catalog-problem-replaced-by-self = replaced_by nomeia o próprio código
catalog-problem-verify-retry = verify num código cujo retry é { $retry }: um comando de verificação diz se um pedido de efeito desconhecido surtiu efeito; defina retry "unknown" ou remova verify
catalog-problem-verify-program = a primeira palavra de verify, o programa, está vazia; escreva primeiro o nome do programa, como ["app", "status", "{"{"}id{"}"}"]
template-error = { $reason } no byte { $offset }; escreva placeholders como {"{"}name{"}"} e chaves literais como {"{{"} ou {"}}"}
template-fault-unclosed = `{"{"}` sem fechamento
template-fault-name = o nome de um placeholder deve casar com [a-z_][a-z0-9_]*
template-fault-lone-close = um `{"}"}` solto
lint-warning = aviso[{ $rule }] { $code }: { $detail }
lint-RECOVERY_NAMES_NOTHING = a recuperação { $recovery } não nomeia comando, flag, chave nem caminho; nomeie um, por exemplo "rode `tool init`" ou "passe --force"
lint-PARAM_MISSING = o placeholder {"{"}{ $name }{"}"} não está em params; adicione "{ $name }" a params
lint-DUPLICATE_MESSAGE = mesma mensagem de { $first }; diga o que os diferencia
lint-EXIT_SHARED_ACROSS_CLASSES = a saída { $exit } também é de { $first_code }, que é { $first_class }, enquanto este é { $class }; dê a um deles o seu próprio status de saída
lint-DEPRECATED_WITHOUT_REPLACEMENT = deprecated sem replaced_by; nomeie o código para o qual quem chama deve migrar
lint-MESSAGE_STYLE = escreva a mensagem como um fragmento em minúsculas sem ponto final
lint-DOC_MISSING = sem texto de doc; diga o que o código significa e quando acontece
diff-breaking = incompatível
diff-compatible = compatível
diff-code-renamed = renomeado para { $to } (mesmo status de saída e mensagem)
diff-code-removed = removido; mantenha-o, ou marque-o "retired" para que nunca seja reutilizado
diff-code-added = adicionado (saída { $exit }, { $class })
diff-retired-code-reused = código aposentado está { $status } de novo; códigos aposentados nunca são reutilizados
diff-exit-changed = status de saída mudou de { $old } para { $new }
diff-class-changed = error_class mudou de { $old } para { $new }
diff-retry-changed = retry mudou de { $old } para { $new }
diff-param-removed = param { $param } removido
diff-param-added = param { $param } adicionado
diff-translation-added = tradução { $lang } adicionada
diff-translation-removed = tradução { $lang } removida
diff-translation-reworded = tradução { $lang } reescrita
diff-doc-changed = texto de doc alterado
diff-message-changed = mensagem mudou de { $old } para { $new }
diff-recovery-changed = recuperação mudou de { $old } para { $new }
diff-status-changed = status mudou de { $old } para { $new }
diff-status-replaced = status mudou de { $old } para { $new } (replaced_by { $replaced_by })
diff-since-changed = since mudou de { $old } para { $new }
diff-since-none = (nenhum)

## Fontes do idioma definidas mas inutilizáveis (i18n/resolve.rs), mostradas na saída de erro
## como `warning-line`; o texto do analisador ou do sistema (`$reason`) fica como foi lido.
lang-skipped-flag = --lang: { $reason }
lang-skipped-config-unreadable = { $path }: não foi possível ler: { $reason }
lang-skipped-config-toml = { $path }: não é TOML: { $reason }
lang-skipped-config-tag = { $path }: { $reason }
lang-skipped-config-type = { $path }: `lang` deve ser uma string como "pt-BR", não { $reason }
lang-skipped-env = { $var }={ $value } não é um nome de locale; usando inglês

## `failwise normalize`: por que uma linha é um UNREADABLE_RECORD (`$reason`,
## dialect/normalize.rs); o texto do serde e o membro que declara a falha ficam como lidos.
rejection-not-utf8 = não é UTF-8 no byte { $byte }
rejection-not-json = não é JSON: { $detail }
rejection-duplicate-member = ele nomeia o membro { $pointer } duas vezes, o que o I-JSON (RFC 7493) proíbe: leitores discordam sobre qual valor vale
rejection-recovery-too-long = faça quem escreve { $input } pôr cada registro numa linha de no máximo { $max } bytes
rejection-recovery-duplicate = faça quem escreve { $input } nomear cada membro da linha { $line } uma vez só, com o valor que ele quer dizer
rejection-too-long = mais longa que { $max } bytes, o máximo que um registro pode ter; os bytes dela foram pulados, não lidos
rejection-unknown-shape = declara uma falha ({ $marker }) num formato que nenhum leitor de dialeto conhece

## Por que um registro que diz ser de um dialeto não pode ser lido nele (dialect/mod.rs
## `DialectError`); o nome do dialeto e o JSON Pointer do membro ficam como são.
dialect-unreadable = não é um registro { $dialect } legível: { $reason }
dialect-unreadable-at = não é um registro { $dialect } legível: { $pointer } { $reason }
dialect-not-an-object = não é um objeto
dialect-not-a-string = não é uma string
dialect-not-an-integer = não é um inteiro
dialect-not-a-code = não tem `code`
dialect-api-error-message = erro de API { $code }
dialect-api-error-summary = Corpos de erro genéricos de APIs HTTP que declaram uma falha (`success: false` com `errors`, como a Cloudflare; `status` com `code`, como a Twilio)
dialect-api-error-detected-by = `success: false` com um array `errors` de objetos, um `status` de 400 ou mais com `code` e `message`, ou um `error` cujo `code` inteiro é um status HTTP de erro
dialect-api-error-loses = não é escrito; a leitura guarda o código e a mensagem do primeiro erro, os outros como causas, `more_info` como doc_url
dialect-cargo-json-summary = os diagnósticos JSON do cargo e do rustc (`--message-format json`) de nível `error`
dialect-cargo-json-detected-by = `reason` é `compiler-message` e o `level` do diagnóstico é `error` (não o resumo final `aborting due to` do rustc)
dialect-cargo-json-loses = não é escrito; a leitura guarda o código do erro, a mensagem, o trecho principal como location e as substituições sugeridas como nearby; os outros trechos, os textos dos filhos e `rendered` se perdem
dialect-cargo-json-explain-recovery = corrija o código-fonte em { $at } como a mensagem diz (`rustc --explain { $code }` explica o erro) e compile de novo
dialect-cargo-json-recovery = corrija o código-fonte em { $at } como a mensagem diz e compile de novo
dialect-absent-and-so-is = está ausente, e { $other } também
dialect-not-a-retry-word = não é `yes`, `no`, `unknown` nem um booleano
dialect-absent-without-is-error = está ausente e isError não é true

## Como um registro declara uma falha num formato que nenhum leitor conhece (`$marker` de
## rejection-unknown-shape); um membro JSON aparece como foi escrito.
marker-error-object = um objeto "error"
marker-error-string = uma string "error"

## O registro de dialetos (dialect/registry.rs): o que cada dialeto é, como um registro nele é
## detectado e o que escrevê-lo perde, uma linha cada (`failwise normalize --help`, os
## completamentos e docs/dialects.md as mostram); nomes e valores de membros ficam como escritos.
dialect-auto-summary = Detectar o dialeto de cada registro
dialect-failwise-summary = O envelope canônico v1
dialect-failwise-detected-by = `error: true` com um `code` do tipo string, `retry` e `recovery`
dialect-failwise-loses = nada
dialect-sqlite-graphrag-summary = O envelope de erro do sqlite-graphrag
dialect-sqlite-graphrag-detected-by = `error: true` com um `code` inteiro
dialect-sqlite-graphrag-loses = o código em string (`exit` é o código), as classes `conflict` e `precondition_failed` (escritas como `permanent`) e um veredito `transient`/`unknown` (escrito como `ambiguous`), `retry_after_ms`, `action`, `subject`, `params`, `nearby`, `candidates`, `location`, `path`, `workspace`, `items`, `gate`, `provider`, os tamanhos em `truncated` (escrito como `true`), `doc_url`, `lang`, `source`, `causes` e `verify`: o objeto é fechado
dialect-atomwrite-summary = O envelope ErrorJson do atomwrite (também lido: ErrorOutput)
dialect-atomwrite-detected-by = `error: true` com um `code` do tipo string (sem ter `retry` e `recovery` ao mesmo tempo)
dialect-atomwrite-loses = `retry_after_ms`, `action`, `subject`, `params`, `nearby`, os candidatos depois do primeiro, uma `location` diferente da do primeiro candidato, `discarded_flags`, `gate`, `provider`, `truncated`, `doc_url`, `lang`, `source`, `causes` e `verify`; `ambiguous` é escrito como outra classe
dialect-atomwrite-erroroutput-summary = O envelope ErrorOutput do atomwrite (o seu schema draft-07, cujos código e classe são enums fechados)
dialect-atomwrite-erroroutput-loses = o que `atomwrite` perde; um código fora do enum do schema é escrito como o membro da sua classe (`INVALID_INPUT`, `CONFIG_INVALID`, `LOCK_TIMEOUT`, `STATE_DRIFT`, `IO_ERROR`), e o código fica em `failwise_code`
dialect-google-rpc-summary = google.rpc.Status no seu mapeamento JSON para HTTP (`code` é o status HTTP)
dialect-google-rpc-detected-by = um `code` inteiro com um array `details` ou um nome canônico em `status` dentro de `error`, ou sozinho com um nome canônico em `status`
dialect-google-rpc-loses = `source`; para leitores que não são o failwise, o que só ErrorInfo.metadata carrega (o veredito além do nome do status, o status de saída, nomes de params fora da regra das chaves, params que não são strings, um status do upstream sem código google.rpc)
dialect-google-rpc-status-summary = O google.rpc.Status sozinho (`code` é o google.rpc.Code)
dialect-google-rpc-status-detected-by = um `code` inteiro sozinho com um array `details` e sem nome canônico em `status`
dialect-google-rpc-status-loses = `source`; para leitores que não são o failwise, o que só ErrorInfo.metadata carrega (o veredito além do código, o status de saída, nomes de params fora da regra das chaves, params que não são strings, o status HTTP do upstream)
dialect-json-rpc-summary = Respostas de erro JSON-RPC 2.0, e respostas com um resultado de ferramenta MCP que falhou
dialect-json-rpc-detected-by = `jsonrpc` com um objeto `error` ou um `result` com `isError: true`; um objeto `error` com um `code` inteiro e uma `message`
dialect-json-rpc-loses = nada: `error.data` leva todos os membros do envelope; o id da requisição é `params.id`
dialect-mcp-tool-result-summary = Resultados de ferramentas MCP que relatam uma falha (CallToolResult com isError)
dialect-mcp-tool-result-detected-by = `isError: true` sem `jsonrpc`
dialect-mcp-tool-result-loses = nada: `structuredContent` é o envelope, e um bloco de texto o seu JSON
dialect-problem-json-summary = Detalhes de problema da RFC 9457
dialect-problem-json-detected-by = um `type` do tipo string com `title`, `status` ou `detail`, ou um `title` do tipo string com `status`
dialect-problem-json-loses = nada: os membros de extensão levam todos os membros do envelope; `status` só quando a origem tinha um status HTTP
dialect-sprawling-summary = O AxError do kernel de agentes sprawling
dialect-sprawling-detected-by = um `code` do tipo string com `recovery` e `retry` (ou o antigo `retriable`)
dialect-sprawling-loses = `exit`, `message`, as classes `conflict` e `precondition_failed` (relidas como `permanent`), um veredito `transient`/`unknown` (relido como `ambiguous`), `params`, `candidates`, `location`, `path`, `workspace`, `discarded_flags`, `items`, `provider.status`, `truncated`, `doc_url`, `lang`, `source`, `causes` e `verify`; um código sem `E_` é escrito com ele, e o código fica em `failwise_code`
dialect-eval-mock-summary = O registro de erro do eval-mock (também lida: a sua forma legível)
dialect-eval-mock-detected-by = um `code` do tipo string com `hint` ou `location` (dentro de `error`, também uma `message`); a forma legível `error [CODE]: message`
dialect-eval-mock-loses = o veredito (ele é relido da tabela do código), `exit`, `params`, `nearby`, `candidates`, `action`, `subject`, `workspace`, `discarded_flags`, `items`, `gate`, `provider`, `truncated`, `doc_url`, `lang`, `source`, `causes` e `verify`; uma linha ou coluna desconhecida é escrita como 1
dialect-eval-mock-human-summary = A forma legível do eval-mock: `error [CODE]: message`, `at: file:line:col`, `hint: recovery`
dialect-eval-mock-human-loses = o que `eval-mock` perde; uma quebra de linha dentro de um texto é escrita como um espaço
dialect-kubernetes-summary = O Status da API do Kubernetes e a linha de erro do kubectl
dialect-kubernetes-detected-by = `kind: Status` com `status: Failure`; a linha do kubectl
dialect-kubernetes-loses = não é escrito; a leitura deixa de fora `apiVersion` e `metadata`
dialect-anthropic-summary = Corpos de erro da API da Anthropic (Claude)
dialect-anthropic-detected-by = `type: error` com um objeto `error` que tem um `type` do tipo string
dialect-anthropic-loses = não é escrito; a leitura guarda os membros documentados que o seu módulo lista
dialect-slack-summary = Falhas da Web API do Slack
dialect-slack-detected-by = `ok: false` com um `error` do tipo string
dialect-slack-loses = não é escrito; a leitura guarda os membros documentados que o seu módulo lista
dialect-aws-summary = Erros da API da AWS, em JSON ou XML
dialect-aws-detected-by = um `__type` do tipo string; um `<Error>` XML com um `<Code>`
dialect-aws-loses = não é escrito; a leitura guarda os membros documentados que o seu módulo lista
dialect-stripe-summary = Objetos de erro da API do Stripe
dialect-stripe-detected-by = um `type` da lista do Stripe com um membro que só o Stripe tem, sozinho ou dentro de `error`
dialect-stripe-loses = não é escrito; a leitura deixa de fora os objetos embutidos `payment_intent`, `payment_method`, `setup_intent` e `source`
dialect-openai-summary = Corpos de erro da API da OpenAI e da Azure OpenAI
dialect-openai-detected-by = um objeto `error` com uma `message` do tipo string, um `type`, e `param` ou um `code` do tipo string
dialect-openai-loses = não é escrito; a leitura guarda os membros documentados que o seu módulo lista
dialect-github-summary = Corpos de erro da API REST do GitHub
dialect-github-detected-by = uma `message` com uma `documentation_url` em docs.github.com, ou `errors[]` de `{"{"}resource, code{"}"}`
dialect-github-loses = não é escrito; a leitura guarda os membros documentados que o seu módulo lista

## As palavras dos próprios escritores e prévias: a descrição de um link google.rpc.Help
## (dialect/google_rpc.rs) e a última linha de uma prévia de diff cortada (suggest/candidates.rs).
dialect-google-rpc-doc-link = documentação deste erro
candidates-preview-more = { $more ->
    [one] … mais { $more } linha de diff
   *[other] … mais { $more } linhas de diff
}

## Uma recusa de política sem uma de suas partes (envelope/parts.rs `IncompleteGate`), e um registro que nenhum dialeto reivindica.
gate-incomplete = o `{ $part }` do gate está { $problem }: uma recusa nomeia sua regra, a violação e uma alternativa que quem chamou possa seguir
gate-problem-empty = vazio
gate-problem-only-a-refusal = apenas uma recusa
dialect-not-a-failure = não é um registro de falha em nenhum dialeto conhecido

## Um comando de verificação sem programa (envelope/parts.rs `NoProgram`).
verify-no-program = um comando de verificação nomeia um programa: seu argv tem ao menos um elemento, e o primeiro não é vazio

## A referência de um catálogo (`failwise catalog docs`, catalog/docs.rs): a em Markdown em inglês, a página
## HTML na língua de quem lê.
docs-title = códigos de erro de { $tool }
docs-version = Versão { $version }.
docs-intro = Toda falha imprime um envelope JSON cujo `code` é um destes.
docs-table-head = | código | saída | classe | repetir | situação |
docs-filter = filtrar códigos
docs-list-item = saída { $exit }, { $class }
docs-exit-status = status de saída
docs-error-class = classe de erro
docs-retry = repetir
docs-message = mensagem
docs-recovery = recuperação
docs-verify = verificação
docs-params = parâmetros
docs-since = desde
docs-status = situação
docs-replaced-by = substituído por
docs-translations = traduções

## Pacotes de regras (classify/packs): uma regra sem mensagem própria mostra a linha da
## ferramenta (`$said`, como a ferramenta a escreveu); um pacote inutilizável nomeia arquivo, regra e campo.
rule-tool-said = { $program }: { $said }
rule-pack-invalid = { $file }: regra { $rule } ({ $code }): { $field }: { $detail }
rule-pack-invalid-pack = { $file }: pacote: { $field }: { $detail }
docs-code = código
docs-contents = conteúdo
docs-index = Índice
docs-example-rule = Cada envelope de exemplo é a linha que a ferramenta imprime para o seu código, com cada parâmetro valendo o próprio nome entre sinais de menor e maior (`path` é `<path>`).
docs-example = Envelope de exemplo
docs-no-example = Um código aposentado nunca mais é impresso, por isso não tem exemplo.
docs-agent = O que um agente pode fazer
docs-inactive = Códigos obsoletos e aposentados
docs-inactive-intro = Estes códigos ficam fora do índice acima. Um código obsoleto ainda é impresso, mas quem o lê deve passar ao código que o substitui; um código aposentado nunca mais é impresso, nem reutilizado.
docs-badge-deprecated = obsoleto
docs-badge-retired = aposentado
docs-deprecated-note = Ainda é impresso; use { $code } no lugar.
docs-deprecated-note-alone = Ainda é impresso, sem substituto indicado.
docs-retired-note = Nunca mais é impresso; use { $code } no lugar.
docs-retired-note-alone = Nunca mais é impresso.
docs-agent-class-transient = A mesma requisição pode dar certo mais tarde com a mesma entrada (uma trava ocupada, um limite de taxa, um servidor reiniciando): espere `retry_after_ms`, ou recue, e envie de novo; com `retry` `unknown`, verifique antes.
docs-agent-class-conflict = A requisição colidiu com o estado atual de um recurso (ele já existe, ou mudou desde que foi lido): leia o estado de novo e envie uma requisição alterada, ou a mesma quando `retry` é `yes`.
docs-agent-class-precondition_failed = Algo fora da requisição precisa mudar antes (uma permissão, uma configuração ausente, um arquivo no lugar errado): faça o que a recuperação diz e envie a requisição de novo.
docs-agent-class-permanent = A própria requisição está errada e falha do mesmo jeito toda vez: altere a requisição; nunca a reenvie sem mudanças.
docs-agent-class-ambiguous = Daqui não dá para saber se o efeito aconteceu nem por que a requisição falhou: descubra antes, como a recuperação diz.
docs-agent-retry-yes = O efeito não aconteceu: espere `retry_after_ms` (ou recue com jitter) e envie a mesma requisição de novo.
docs-agent-retry-no = A mesma requisição falha do mesmo jeito até que algo mude: siga a recuperação e nunca reenvie a requisição sem mudanças.
docs-agent-retry-unknown = A requisição pode ter surtido efeito: verifique antes (a recuperação diz como) e reenvie só quando a ação for idempotente.

## A face MCP (mcp.rs).
MCP_SERVER_EXITED-message = o servidor MCP { $server } terminou com status { $exit } antes de responder à chamada de { $tool }
MCP_SERVER_EXITED-recovery = verifique se a chamada de { $tool } teve efeito antes de enviá-la de novo, já que o servidor pode tê-la executado, e leia o stderr do servidor para saber por que ele terminou
MCP_CALL_TIMEOUT-message = o servidor MCP não respondeu à chamada de { $tool } em { $after }
MCP_CALL_TIMEOUT-recovery = verifique se a chamada de { $tool } teve efeito antes de enviá-la de novo; se a ferramenta é lenta, aumente --call-timeout
MCP_ANSWER_LOST-message = a resposta à chamada de { $tool } se perdeu depois que a chamada foi enviada
MCP_ANSWER_LOST-recovery = verifique se a chamada de { $tool } teve efeito antes de enviá-la de novo; envie-a sem mudanças só se ela for idempotente
mcp-model-line = failwise: { $code } ({ $error_class }, repetir: { $retry }). { $recovery }
mcp-model-line-wait = failwise: { $code } ({ $error_class }, repetir: yes, depois de { $wait_ms } ms). { $recovery }

## Injeção de falhas (inject.rs).
inject-rate-limit-message = a chamada de { $tool } foi respondida como limitada por taxa (HTTP 429 Too Many Requests) por uma falha injetada, sem ser enviada
inject-rate-limit-recovery = espere { $wait_ms } ms (`retry_after_ms`), depois envie a mesma chamada de novo
inject-result-lost-message = { $tool } foi executado, e seu resultado se perdeu por uma falha injetada: não se sabe se teve efeito
inject-result-lost-recovery = verifique se { $tool } teve efeito antes de executá-lo de novo, ou execute-o de novo se for idempotente
inject-no-equals = esperava FALHA=CHANCE ou FERRAMENTA:FALHA=CHANCE, como rate_limit=0.1
inject-empty-tool = o nome da ferramenta antes de `:` está vazio
inject-unknown-fault = { $fault } não é uma falha; as falhas são { $faults }
inject-unknown-fault-near = { $fault } não é uma falha; você quis dizer { $near }?
inject-bad-chance = { $chance } não é uma chance de 0 a 1
inject-over-one = as chances de uma ferramenta somam { $total }, mais que 1
inject-too-many-rules = mais de { $max } regras

## Uma linha que discorda do catálogo da sua ferramenta (catalog/agree.rs `Disagreement`, o
## `$detail` do LINE_INVALID de `failwise validate`): `$code` é o código da linha; `$exit` e
## `$class` são da linha, `$catalog_exit` e `$catalog_class` do catálogo.
validate-unknown-code = o código { $code } não está no catálogo de { $tool }
validate-retired-code = o código { $code } foi aposentado e não deve ser impresso
validate-exit-mismatch = exit { $exit }, mas o catálogo dá a { $code } o exit { $catalog_exit }
validate-lang-untranslated = lang { $lang }, mas o catálogo não tem tradução { $lang } de { $code }; acrescente uma em `translations` da entrada, ou imprima o texto em inglês
validate-class-mismatch = error_class { $class }, mas o catálogo dá a { $code } a classe { $catalog_class }
