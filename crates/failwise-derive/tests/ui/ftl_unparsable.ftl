FILE_NOT_FOUND-message = file { $path } not found
FILE_NOT_FOUND-recovery = create { $path
