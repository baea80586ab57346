## Os textos do pacote de regras typescript (packs/typescript.toml).
typescript-error-recovery = corrija o erro { $code } em `{ $file }:{ $line }:{ $column }` e rode `{ $program }` de novo
typescript-cannot-find-module-recovery = instale `{ $module }` (e os tipos dele, como `npm install -D @types/{ $module }`), ou corrija o caminho do import em `{ $file }`
typescript-file-not-found-recovery = confira o caminho `{ $path }` com `ls`, ou corrija a lista `files` do tsconfig.json
typescript-no-inputs-recovery = aponte `include` ou `files` de `{ $path }` para os fontes a compilar
