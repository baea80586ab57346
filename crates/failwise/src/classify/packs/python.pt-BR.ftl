## Os textos do pacote de regras python (packs/python.toml).
python-verify-recovery = confira se o servidor executou a requisição (leia o recurso de volta) antes de enviá-la de novo; aumente o timeout do cliente se o servidor for lento
python-cut-recovery = confira se o servidor executou a requisição (leia o recurso de volta) e só a envie de novo se não executou
python-refused-recovery = inicie o servidor ou corrija o host e a porta a que o programa se conecta e rode de novo
python-resolve-recovery = confira o nome do host a que o programa se conecta e o resolvedor (`getent hosts NOME`) e rode de novo
python-resolve-host-recovery = confira o nome `{ $host }` e o resolvedor (`getent hosts { $host }`) e rode de novo
python-connect-recovery = confira se há um servidor escutando em { $address } (por exemplo com `ss -ltn` nesse host) e rode de novo
python-http-status-recovery = leia o status que o servidor respondeu (`HTTP_{ $status }` em `code`) e aja conforme: espere e envie de novo para 429 e 503, corrija a requisição, as credenciais ou a URL para outro 4xx
python-url-recovery = corrija a URL que o programa requisita: dê a ela um esquema (`https://`) e um host
python-redirects-recovery = requisite a URL com `curl -sIL` para ver onde os redirecionamentos entram em ciclo e corrija a URL ou o servidor
python-endpoint-recovery = confira o endpoint `{ $url }` (a região, o `endpoint_url`, a rede ou o proxy) e rode de novo
python-aws-config-recovery = configure as credenciais, a região ou o perfil da AWS de que o programa precisa (`aws configure`, ou `AWS_PROFILE` e `AWS_REGION`) e rode de novo
python-env-recovery = defina a variável de ambiente `{ $variable }` que o programa lê (`export { $variable }=...`) e rode de novo
python-keyerror-recovery = olhe o último quadro do traceback: o programa procurou a chave { $key } em dados que não a têm; corrija os dados ou o código
