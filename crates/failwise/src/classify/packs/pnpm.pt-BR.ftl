## Os textos do pacote de regras do pnpm (packs/pnpm.toml).
pnpm-precondition-recovery = faça o que as linhas `×` e `help:` do pnpm sob { $code } pedem (adicione o script, rode no diretório do projeto, peça uma versão publicada, ou rode `pnpm install` para renovar o lockfile) e rode de novo
pnpm-http-recovery = espere e rode de novo se o registro respondeu 408, 429 ou 5xx; para 401 ou 403 entre com `pnpm login`, para 404 confira o nome do pacote
pnpm-econnrefused-recovery = confira o registro com `pnpm config get registry`, inicie-o ou espere que escute e rode de novo
pnpm-elifecycle-recovery = leia a saída do próprio script acima da linha `[ELIFECYCLE]`, corrija o que ela aponta e rode de novo
