## The texts of the pnpm rule pack (packs/pnpm.toml).
pnpm-precondition-recovery = do what pnpm's `×` and `help:` lines under { $code } ask (add the script, run it in the project's directory, ask for a published version, or run `pnpm install` to refresh the lockfile), then run it again
pnpm-http-recovery = wait and run it again if the registry answered 408, 429 or 5xx; for 401 or 403 log in with `pnpm login`, for 404 check the package name
pnpm-econnrefused-recovery = check the registry with `pnpm config get registry`, start it or wait until it listens, then run it again
pnpm-elifecycle-recovery = read the script's own output above the `[ELIFECYCLE]` line, fix what it reports, and run it again
