## Os textos do pacote de regras do archive (packs/archive.toml).
gzip-not-in-gzip-format-recovery = veja o que `{ $file }` é com `file` e use a ferramenta certa (tar sem `z`, `xz`, `unzip`)
gzip-unexpected-end-of-file-recovery = o arquivo está cortado: baixe-o de novo inteiro (compare o checksum) antes de extrair
gzip-already-exists-recovery = tire `{ $path }` do caminho, ou rode de novo com `-f` para sobrescrevê-lo
gzip-invalid-compressed-data-recovery = os dados de `{ $file }` estão corrompidos: baixe-o de novo inteiro (compare o checksum) antes de descompactar
gzip-trailing-garbage-recovery = confira como `{ $file }` foi gerado ou baixado (`gzip -l`, o checksum): os dados antes do lixo foram descompactados, os bytes depois dele não
tar-cannot-open-recovery = confira o caminho do arquivo `{ $archive }` com `ls`, ou baixe o arquivo antes
tar-not-found-in-archive-recovery = liste os membros com `tar tf ARCHIVE` e indique `{ $member }` como está guardado lá
xz-file-format-not-recognized-recovery = veja o que `{ $file }` é com `file` e use a ferramenta certa
bzip2-not-a-bzip2-file-recovery = veja o que `{ $file }` é com `file` e use a ferramenta certa
unzip-cannot-find-recovery = confira o caminho do zip `{ $archive }` com `ls`, ou baixe-o antes
unzip-not-a-zipfile-recovery = veja o que `{ $archive }` é com `file`; baixe-o de novo inteiro se for um zip cortado
zip-nothing-to-do-recovery = indique arquivos que existam (os avisos `name not matched` listam os que faltam) ao criar `{ $archive }`
