release-not-prepared-recovery = rode `./scripts/prepare-release` antes: ele escreve o alvo release que { $program } não encontrou
