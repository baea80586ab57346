## Os textos do pacote de regras do cmake (packs/cmake.toml).
cmake-could-not-find-package-configuration-file-recovery = instale o pacote de desenvolvimento de `{ $package }`, ou passe `-DCMAKE_PREFIX_PATH=<prefixo>` (ou `-D{ $package }_DIR=<dir>`) e configure de novo
cmake-could-not-find-package-recovery = instale os arquivos de desenvolvimento de `{ $package }` (cabeçalhos e bibliotecas), ou indique-os ao CMake com `-DCMAKE_PREFIX_PATH=<prefixo>`, e configure de novo
cmake-source-directory-does-not-exist-recovery = passe com `-S` um diretório de fontes que exista: `{ $path }` não existe
cmake-does-not-appear-to-contain-cmakelists-recovery = passe com `-S` o diretório que contém o CMakeLists.txt principal (não `{ $path }`)
cmake-parse-error-recovery = corrija a sintaxe de `{ $path }` na linha { $line } e configure de novo
cmake-unknown-cmake-command-recovery = corrija o nome `{ $command }` em `{ $path }`:{ $line }, ou faça `include()` do módulo que o define
cmake-version-or-higher-required-recovery = instale o CMake { $required } ou mais novo (este é o { $version }) e configure de novo
cmake-no-compiler-could-be-found-recovery = instale um compilador de { $language }, ou indique um com `-DCMAKE_{ $language }_COMPILER=<caminho>`
cmake-unable-to-find-a-build-program-recovery = instale a ferramenta de build do gerador `{ $generator }`, ou escolha outro com `-G`
cmake-could-not-load-cache-recovery = configure o diretório de build antes com `cmake -S <fontes> -B <build>` e depois rode `cmake --build <build>`
