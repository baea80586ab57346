## Os textos do pacote de regras docker (packs/docker.toml).
docker-cannot-connect-recovery = inicie o daemon (`sudo systemctl start docker`) ou aponte `DOCKER_HOST` para um que esteja rodando ({ $host } não respondeu) e rode de novo
docker-pull-rate-limit-recovery = rode `docker login` para que os pulls contem no limite maior de uma conta (ou use um espelho do registro) e faça o pull de novo
docker-pull-access-denied-recovery = confira o nome da imagem { $repository } (`docker search`, a página do registro), rode `docker login` para um registro privado, ou construa-a localmente antes
docker-container-name-in-use-recovery = remova ou renomeie o contêiner existente { $name } (`docker rm -f { $name }`, `docker rename`), ou dê outro valor a `--name`
docker-port-already-allocated-recovery = pare o que ocupa { $address } (`docker ps --filter publish=PORTA` mostra o contêiner), ou publique outra porta do host com `-p`
docker-oci-runtime-create-failed-recovery = corrija o comando ou o entrypoint do contêiner (o caminho precisa existir na imagem; `docker image inspect` mostra `Cmd` e `Entrypoint`), ou ponha opções como `-p` antes do nome da imagem
podman-oci-permission-denied-recovery = dê ao contêiner limites que o host permite (`--ulimit`, `--pids-limit`) ou rode-o onde o runtime tenha essas permissões, e rode de novo
docker-no-such-container-recovery = liste os contêineres com `{ $program } ps -a` e use um nome ou ID que exista
podman-image-not-known-recovery = liste as imagens locais com `podman images`, ou faça o pull ou o build de { $image } antes
