## Os textos do pacote de regras da OpenAI (packs/openai.toml).
openai-insufficient-quota-recovery = adicione crédito ou aumente o limite de gastos da organização em https://platform.openai.com/settings/organization/billing, ou use outra chave
openai-rate-limit-recovery = espere a janela do minuto passar e envie a requisição de novo; reduza a taxa de requisições ou peça um limite de { $limit } maior
