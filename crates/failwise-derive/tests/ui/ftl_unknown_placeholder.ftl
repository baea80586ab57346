FILE_NOT_FOUND-message = file { $pth } not found
FILE_NOT_FOUND-recovery = create { $path }
