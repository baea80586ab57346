## The texts of the typescript rule pack (packs/typescript.toml).
typescript-error-recovery = fix the { $code } error at `{ $file }:{ $line }:{ $column }`, then run `{ $program }` again
typescript-cannot-find-module-recovery = install `{ $module }` (and its types, such as `npm install -D @types/{ $module }`), or fix the import path in `{ $file }`
typescript-file-not-found-recovery = check the path `{ $path }` with `ls`, or fix the `files` list in tsconfig.json
typescript-no-inputs-recovery = point `include` or `files` in `{ $path }` at the sources to compile
