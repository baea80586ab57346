## The texts of the getaddrinfo rule pack (packs/gai.toml).
gai-again-recovery = wait, then run it again; if name resolution keeps failing, check the name servers in /etc/resolv.conf (for example with `getent hosts NAME`)
gai-noname-recovery = check the host name's spelling and its DNS record (for example with `getent hosts NAME`), then run it again with a name that resolves
