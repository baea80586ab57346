## Os textos do pacote de regras oci-registry (packs/oci-registry.toml).
oci-unknown-recovery = confira a referência da imagem (repositório, tag ou digest) com `skopeo inspect docker://<imagem>` ou `crane ls <repositório>`, corrija-a ou envie antes a imagem que falta, e rode { $program } de novo
oci-invalid-recovery = reconstrua ou converta a imagem para que o registro a aceite (`skopeo copy --format v2s2`, `docker buildx build --provenance=false`) e envie-a de novo
oci-auth-recovery = rode `{ $program } login <registro>` com uma conta que possa usar este repositório (ou corrija o nome do repositório) e rode de novo
oci-too-many-requests-recovery = espere alguns segundos e faça o pull de novo, ou rode `{ $program } login <registro>` para que os pulls contem na taxa maior de uma conta
