## Os textos do pacote de regras dos SDKs da AWS (packs/aws-sdks.toml).
aws-sdk-error-recovery = procure o código de erro { $code } na referência da API do serviço e faça o que ela diz; reenvie sem mudanças só quando for um erro de limitação de taxa ou de disponibilidade, depois de esperar
