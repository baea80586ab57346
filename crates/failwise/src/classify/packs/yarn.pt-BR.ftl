## Os textos do pacote de regras do yarn (packs/yarn.toml).
yarn-command-failed-recovery = leia a saída do próprio script acima de `error Command failed`, corrija o que ela aponta e rode de novo
yarn-command-not-found-recovery = adicione um script `{ $script }` ao package.json, ou rode um que exista: `yarn run` lista todos
yarn-package-not-found-recovery = confira o nome `{ $package }` com `yarn info { $package }` e o registro com `yarn config get registry`
yarn-no-matching-version-recovery = liste as versões publicadas com `yarn info { $package } versions` e peça uma delas em vez de `{ $range }`
yarn-frozen-lockfile-recovery = rode `yarn install` sem `--frozen-lockfile` para atualizar o yarn.lock, faça commit dele e rode de novo
yarn-econnrefused-recovery = confira o registro com `yarn config get registry`, inicie-o ou espere que escute em { $address } e rode de novo
