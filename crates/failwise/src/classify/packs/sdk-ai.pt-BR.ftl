## Os textos do pacote de regras dos SDKs da OpenAI e da Anthropic (packs/sdk-ai.toml).
sdk-ai-status-recovery = aja conforme o status HTTP de `{ $exception }`: reenvie depois de esperar se for 429, 5xx ou 529, e corrija a chave de API, o nome do modelo ou o corpo da requisição nos outros status
sdk-ai-timeout-recovery = confira se a requisição surtiu efeito (liste os objetos criados ou procure o id da requisição nos logs do provedor) e só reenvie, com um `timeout` maior, se não surtiu
sdk-ai-connection-recovery = confira o `base_url` e o caminho de rede até a API, e veja se a requisição surtiu efeito antes de reenviá-la
sdk-ai-connect-error-recovery = confira se o servidor da API no `base_url` está no ar e acessível, e reenvie
