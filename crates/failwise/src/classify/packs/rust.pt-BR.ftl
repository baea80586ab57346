## Os textos do pacote de regras rust (packs/rust.toml).
rust-panic-recovery = corrija o código no lugar que o pânico indica (`RUST_BACKTRACE=1` mostra os quadros); rodá-lo de novo com a mesma entrada entra em pânico do mesmo jeito
rust-parse-recovery = corrija o número que o programa lê (o { $error } dele é `{ $kind }`), ou faça o programa conferi-lo antes do unwrap
rust-env-recovery = defina a variável de ambiente que o programa lê (a mensagem do pânico ou o código no lugar indicado diz qual) e rode de novo
