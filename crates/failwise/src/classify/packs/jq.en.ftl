## The texts of the jq rule pack (packs/jq.toml).
jq-compile-error-recovery = fix the filter's syntax (quote it in single quotes for the shell), then run jq again
jq-parse-error-recovery = fix the JSON input at line { $line }, column { $column } (check it with `jq . FILE`)
jq-cannot-index-recovery = match the filter to the data: a { $type } cannot be indexed with { $key } (use `.[]`, `.[0]` or `type` to inspect it)
jq-error-recovery = inspect the value the filter fails on in `{ $input }` (add `| type` or `debug`), then fix the filter
yq-parse-error-recovery = fix the YAML at line { $line } (check it with `yq . FILE` or a YAML linter), then run `yq` again
