FILE_NOT_FOUND-recovery = create { $path }
