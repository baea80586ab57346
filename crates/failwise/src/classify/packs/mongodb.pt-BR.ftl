## Os textos do pacote de regras mongodb (packs/mongodb.toml).
mongodb-duplicate-key-recovery = ache o documento que já tem a chave (`db.<coleção>.find(<chave duplicada>)`) e atualize-o em vez de inserir, ou grave com outro valor no campo único
