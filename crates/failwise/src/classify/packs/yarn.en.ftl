## The texts of the yarn rule pack (packs/yarn.toml).
yarn-command-failed-recovery = read the script's own output above `error Command failed`, fix what it reports, and run it again
yarn-command-not-found-recovery = add a `{ $script }` script to package.json, or run one that exists: `yarn run` lists them
yarn-package-not-found-recovery = check the name `{ $package }` with `yarn info { $package }` and the registry with `yarn config get registry`
yarn-no-matching-version-recovery = list the published versions with `yarn info { $package } versions` and ask for one instead of `{ $range }`
yarn-frozen-lockfile-recovery = run `yarn install` without `--frozen-lockfile` to update yarn.lock, commit it, then run it again
yarn-econnrefused-recovery = check the registry with `yarn config get registry`, start it or wait until it listens at { $address }, then run it again
