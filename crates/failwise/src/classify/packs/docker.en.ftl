## The texts of the docker rule pack (packs/docker.toml).
docker-cannot-connect-recovery = start the daemon (`sudo systemctl start docker`) or point `DOCKER_HOST` at one that runs ({ $host } did not answer), then run it again
docker-pull-rate-limit-recovery = run `docker login` so pulls count against an account's higher limit (or pull through a registry mirror), then pull again
docker-pull-access-denied-recovery = check the image name { $repository } (`docker search`, the registry's page), run `docker login` for a private registry, or build it locally first
docker-container-name-in-use-recovery = remove or rename the existing container { $name } (`docker rm -f { $name }`, `docker rename`), or give `--name` another value
docker-port-already-allocated-recovery = stop what holds { $address } (`docker ps --filter publish=PORT` shows the container), or publish another host port with `-p`
docker-oci-runtime-create-failed-recovery = fix the container's command or entrypoint (the path must exist in the image; `docker image inspect` shows `Cmd` and `Entrypoint`), or put options such as `-p` before the image name
podman-oci-permission-denied-recovery = give the container limits the host allows (`--ulimit`, `--pids-limit`) or run it where the runtime has those permissions, then run it again
docker-no-such-container-recovery = list the containers with `{ $program } ps -a` and use a name or ID that exists
podman-image-not-known-recovery = list the local images with `podman images`, or pull or build { $image } first
