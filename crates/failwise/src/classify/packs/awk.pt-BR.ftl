## Os textos do pacote de regras do awk (packs/awk.toml).
awk-syntax-error-recovery = corrija o programa awk em { $where } ({ $detail }); ponha-o entre aspas simples para o shell
