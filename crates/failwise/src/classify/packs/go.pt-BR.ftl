## Os textos do pacote de regras do go (packs/go.toml).
go-mod-file-not-found-recovery = rode o comando dentro do diretório do módulo, ou crie um com `go mod init MODULE`
go-no-required-module-recovery = adicione o módulo que fornece `{ $package }` com `go get { $package }`
go-missing-go-sum-entry-recovery = registre os checksums com `go mod tidy` (ou `go mod download`) e compile de novo
go-module-lookup-disabled-recovery = defina `GOPROXY` com um proxy (por exemplo `GOPROXY=https://proxy.golang.org,direct`) ou faça vendor do módulo antes
go-unknown-command-recovery = liste os subcomandos do go com `go help` e use um deles no lugar de `{ $command }`
go-compile-error-recovery = corrija o erro de compilação em `{ $file }:{ $line }:{ $column }` no pacote `{ $package }` e compile de novo
go-test-fail-recovery = rode `go test -run '^{ $test }$' -v` para ver a falha e corrija o código ou o teste
go-checksum-mismatch-recovery = descubra por que `{ $module }` mudou antes de confiar nele; se os bits novos estiverem certos, apague as linhas dele do go.sum e rode `go mod tidy`
go-directory-prefix-does-not-contain-main-module-recovery = rode dentro do módulo (onde está o go.mod), ou crie um ali com `go mod init MODULO`
go-cannot-find-package-recovery = baixe `{ $package }` para o GOPATH, ou compile no modo de módulos (`go mod init` e depois `go get { $package }`)
go-module-proxy-status-recovery = confira se `{ $module }` e a versão existem no proxy de módulos (`go list -m -versions`), ou ajuste GOPROXY/GOPRIVATE para um módulo privado
