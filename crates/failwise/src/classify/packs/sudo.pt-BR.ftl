## Os textos do pacote de regras do sudo (packs/sudo.toml).
sudo-a-terminal-is-required-recovery = rode onde o sudo possa perguntar, passe a senha com `sudo -S`, defina `SUDO_ASKPASS` com `sudo -A`, ou libere o comando com NOPASSWD no sudoers
sudo-a-password-is-required-recovery = rode `sudo -v` de forma interativa antes para guardar as credenciais, ou libere o comando com NOPASSWD no sudoers
sudo-incorrect-password-attempts-recovery = dê ao `sudo` a senha certa do usuário que o chama (não a do root), ou rode `sudo -k` e tente mais uma vez à mão
sudo-not-in-the-sudoers-file-recovery = peça a um administrador que libere o comando para `{ $user }` no sudoers (`visudo`), ou rode sem sudo
sudo-unknown-user-recovery = confira o nome `{ $user }` com `getent passwd` e passe ao `sudo -u` um que exista
sudo-command-not-found-recovery = instale `{ $name }` ou dê o caminho completo (`command -v { $name }`), já que o sudo procura só no secure_path
