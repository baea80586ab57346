FILE_NOT_FOUND-message = { $path ->
    [none] no file given
   *[other] file { $path } not found
}
FILE_NOT_FOUND-recovery = create { $path }
