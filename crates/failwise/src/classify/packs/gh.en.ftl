## The texts of the gh rule pack (packs/gh.toml).
gh-authentication-required-recovery = run `gh auth login`, or set `GH_TOKEN` to a token with the scopes the command needs
gh-error-connecting-recovery = check the network and proxy settings for { $host } (and https://githubstatus.com), then run it again
gh-could-not-resolve-repository-recovery = check the repository name { $repository } and pass it as `-R OWNER/REPO`; for a private one, check the token's access with `gh auth status`
github-rate-limit-recovery = wait until the limit resets (`gh api rate_limit` shows `reset`), or authenticate the calls with a token (`GH_TOKEN`, `gh auth login`) for a higher limit, then run { $program } again
github-secondary-rate-limit-recovery = wait the `retry-after` seconds GitHub sent (`retry_after_ms`), or at least a minute, and make fewer concurrent or content-creating requests before { $program } sends it again
