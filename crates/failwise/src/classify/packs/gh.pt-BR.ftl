## Os textos do pacote de regras gh (packs/gh.toml).
gh-authentication-required-recovery = rode `gh auth login`, ou defina `GH_TOKEN` com um token que tenha os escopos de que o comando precisa
gh-error-connecting-recovery = confira a rede e o proxy para { $host } (e https://githubstatus.com) e rode de novo
gh-could-not-resolve-repository-recovery = confira o nome do repositório { $repository } e passe-o como `-R DONO/REPO`; se for privado, confira o acesso do token com `gh auth status`
github-rate-limit-recovery = espere o limite se renovar (`gh api rate_limit` mostra `reset`), ou autentique as chamadas com um token (`GH_TOKEN`, `gh auth login`) para um limite maior, e rode { $program } de novo
github-secondary-rate-limit-recovery = espere os segundos de `retry-after` que o GitHub mandou (`retry_after_ms`), ou pelo menos um minuto, e faça menos requisições simultâneas ou que criam conteúdo antes que { $program } a envie de novo
