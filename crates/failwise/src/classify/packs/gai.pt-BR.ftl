## Os textos do pacote de regras do getaddrinfo (packs/gai.toml).
gai-again-recovery = espere e rode de novo; se a resolução de nomes continuar falhando, confira os servidores de nomes em /etc/resolv.conf (por exemplo com `getent hosts NOME`)
gai-noname-recovery = confira a grafia do nome do host e seu registro DNS (por exemplo com `getent hosts NOME`) e rode de novo com um nome que resolva
