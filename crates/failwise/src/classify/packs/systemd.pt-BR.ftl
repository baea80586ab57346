## Os textos do pacote de regras do systemd (packs/systemd.toml).
systemd-not-booted-recovery = rode o programa do serviço diretamente (ou com o supervisor do próprio contêiner) em vez de `{ $program }`, pois esta máquina não usa o systemd como init
systemd-bus-recovery = rode `{ $program }` onde o barramento dele existe (uma sessão de login para `--user`, ou `sudo` para o barramento do sistema), ou inicie o programa do serviço diretamente
systemd-unit-not-found-recovery = instale o arquivo de unidade de { $unit } (em /etc/systemd/system), rode `systemctl daemon-reload` e tente o { $verb } de novo
