## The texts of the gcc rule pack (packs/gcc.toml).
gcc-missing-header-recovery = install the development package that provides `{ $header }`, or add its directory with `-I`
gcc-missing-input-recovery = check the source path `{ $path }` with `ls`, then name a file that exists
ld-undefined-reference-recovery = define `{ $symbol }`, or add the object or `-l` library that defines it to the link line
ld-multiple-definition-recovery = keep one definition of `{ $symbol }` (make the others `static` or `extern` declarations)
ld-cannot-find-recovery = install the library for `{ $library }` (its -dev package) or add its directory with `-L`
gcc-compile-error-recovery = fix the error gcc reports at `{ $file }:{ $line }:{ $column }`, then compile again
