## Os textos do pacote de regras de erros de runtime (packs/runtime-errors.toml).
runtime-python-module-recovery = instale o pacote que fornece { $module } no ambiente em que `{ $program }` roda (`pip install`, ou ative o ambiente virtual que o tem) e rode de novo
runtime-python-import-name-recovery = veja qual versão de { $module } está instalada (`pip show { $module }`) e instale uma que defina { $name }, ou mude o import, e rode de novo
runtime-python-syntax-recovery = corrija a sintaxe de { $path } na linha { $line } (o acento circunflexo sob a linha mostra onde) e rode de novo
runtime-bug-recovery = leia o { $exception } em `params.stderr` (o último quadro nomeia a linha): corrija o código ou a entrada ali, pois rodar de novo sem mudar nada falha do mesmo jeito
runtime-java-class-recovery = confira o nome da classe { $class_name } e o class path (`-cp` ou `CLASSPATH`) que deveria contê-la e rode de novo
runtime-ruby-load-recovery = instale a gem que fornece { $feature } (`gem install` ou `bundle install`) ou corrija o `require` e rode de novo
runtime-perl-module-recovery = instale o módulo Perl { $module } (`cpan { $module }` ou o pacote da distribuição) e rode de novo
