## The texts of the git rule pack (packs/git.toml).
git-nothing-to-commit-recovery = stage the changes to commit with `git add`, or leave the commit out: the working tree has nothing new
git-merge-conflict-recovery = resolve the conflicts `git status` lists, `git add` the files, then `git commit`; or `git merge --abort`
