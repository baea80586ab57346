release-not-prepared-recovery = run `./scripts/prepare-release` first: it writes the release target that { $program } could not find
