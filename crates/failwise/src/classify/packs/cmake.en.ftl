## The texts of the cmake rule pack (packs/cmake.toml).
cmake-could-not-find-package-configuration-file-recovery = install `{ $package }`'s development package, or pass `-DCMAKE_PREFIX_PATH=<its prefix>` (or `-D{ $package }_DIR=<dir>`) and configure again
cmake-could-not-find-package-recovery = install `{ $package }`'s development files (headers and libraries), or point CMake at them with `-DCMAKE_PREFIX_PATH=<prefix>`, then configure again
cmake-source-directory-does-not-exist-recovery = pass an existing source directory with `-S`: `{ $path }` is not there
cmake-does-not-appear-to-contain-cmakelists-recovery = pass the directory that holds the top CMakeLists.txt with `-S` (not `{ $path }`)
cmake-parse-error-recovery = fix the syntax of `{ $path }` at line { $line }, then configure again
cmake-unknown-cmake-command-recovery = fix the name `{ $command }` at `{ $path }`:{ $line }, or `include()` the module that defines it
cmake-version-or-higher-required-recovery = install CMake { $required } or newer (this one is { $version }), then configure again
cmake-no-compiler-could-be-found-recovery = install a { $language } compiler, or name one with `-DCMAKE_{ $language }_COMPILER=<path>`
cmake-unable-to-find-a-build-program-recovery = install the build tool of the `{ $generator }` generator, or pick another with `-G`
cmake-could-not-load-cache-recovery = configure the build directory first with `cmake -S <source> -B <build>`, then run `cmake --build <build>`
