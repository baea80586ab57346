## The texts of the oci-registry rule pack (packs/oci-registry.toml).
oci-unknown-recovery = check the image reference (repository, tag or digest) with `skopeo inspect docker://<image>` or `crane ls <repository>`, fix it or push the missing image first, then run { $program } again
oci-invalid-recovery = rebuild or convert the image so the registry accepts it (`skopeo copy --format v2s2`, `docker buildx build --provenance=false`), then push it again
oci-auth-recovery = run `{ $program } login <registry>` with an account that may use this repository (or fix the repository name), then run it again
oci-too-many-requests-recovery = wait a few seconds and pull again, or run `{ $program } login <registry>` so the pulls count against an account's higher rate
