## Os textos do pacote de regras aws-go (packs/aws-go.toml).
aws-error-recovery = procure { $code } da operação { $operation } na referência da API do serviço e faça o que ela diz; reenvie sem mudanças só quando o erro for de limitação de taxa
aws-go-v1-error-recovery = procure { $code } na referência da API do serviço que respondeu com o status { $status } e faça o que ela diz; reenvie sem mudanças só quando o erro for de limitação de taxa
