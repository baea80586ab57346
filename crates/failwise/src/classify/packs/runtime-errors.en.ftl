## The texts of the runtime errors rule pack (packs/runtime-errors.toml).
runtime-python-module-recovery = install the package that provides { $module } into the environment `{ $program }` runs in (`pip install`, or activate the virtual environment that has it), then run it again
runtime-python-import-name-recovery = check which version of { $module } is installed (`pip show { $module }`) and install one that defines { $name }, or change the import, then run it again
runtime-python-syntax-recovery = fix the syntax of { $path } at line { $line } (the caret under the line shows where), then run it again
runtime-bug-recovery = read the { $exception } in `params.stderr` (its last frame names the line): fix the code or the input there, since running it again unchanged fails the same way
runtime-java-class-recovery = check the class name { $class_name } and the class path (`-cp` or `CLASSPATH`) that should hold it, then run it again
runtime-ruby-load-recovery = install the gem that provides { $feature } (`gem install` or `bundle install`) or fix the `require`, then run it again
runtime-perl-module-recovery = install the Perl module { $module } (`cpan { $module }` or the distribution's package), then run it again
