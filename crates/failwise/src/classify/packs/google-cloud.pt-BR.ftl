## Os textos do pacote de regras google-cloud (packs/google-cloud.toml).
google-zone-resource-pool-exhausted-recovery = espere alguns minutos e rode de novo, ou crie o recurso em outra zona da região (`--zone`, o argumento `zone`) que não { $zone }
google-rate-quota-recovery = espere um minuto e envie de novo com espera exponencial, ou reduza a taxa de pedidos que o programa usa
google-period-quota-recovery = aumente a cota no console do Cloud (IAM e administrador > Cotas) ou espere que ela se renove, e rode { $program } de novo
google-already-exists-recovery = importe o recurso existente (`terraform import`), apague-o ou dê outro nome ao novo, e rode { $program } de novo
