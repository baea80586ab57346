## The texts of the go rule pack (packs/go.toml).
go-mod-file-not-found-recovery = run the command inside the module's directory, or create one with `go mod init MODULE`
go-no-required-module-recovery = add the module that provides `{ $package }` with `go get { $package }`
go-missing-go-sum-entry-recovery = record the checksums with `go mod tidy` (or `go mod download`), then build again
go-module-lookup-disabled-recovery = set `GOPROXY` to a proxy (for example `GOPROXY=https://proxy.golang.org,direct`) or vendor the module first
go-unknown-command-recovery = list the go subcommands with `go help` and use one of them instead of `{ $command }`
go-compile-error-recovery = fix the compile error at `{ $file }:{ $line }:{ $column }` in package `{ $package }`, then build again
go-test-fail-recovery = run `go test -run '^{ $test }$' -v` to see the failure, then fix the code or the test
go-checksum-mismatch-recovery = find out why `{ $module }` changed before trusting it; if the new bits are right, remove its lines from go.sum and run `go mod tidy`
go-directory-prefix-does-not-contain-main-module-recovery = run it inside the module (where go.mod is), or create one there with `go mod init MODULE`
go-cannot-find-package-recovery = fetch `{ $package }` into GOPATH, or build in module mode (`go mod init`, then `go get { $package }`)
go-module-proxy-status-recovery = check that `{ $module }` and its version exist at the module proxy (`go list -m -versions`), or set GOPROXY/GOPRIVATE for a private module
