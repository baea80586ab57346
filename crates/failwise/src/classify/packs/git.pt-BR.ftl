## Os textos do pacote de regras do git (packs/git.toml).
git-nothing-to-commit-recovery = prepare as mudanças com `git add`, ou deixe o commit de lado: a árvore de trabalho não tem nada novo
git-merge-conflict-recovery = resolva os conflitos que `git status` lista, faça `git add` dos arquivos e depois `git commit`; ou `git merge --abort`
