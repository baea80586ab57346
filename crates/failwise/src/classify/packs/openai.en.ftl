## The texts of the OpenAI rule pack (packs/openai.toml).
openai-insufficient-quota-recovery = add credit or raise the spend limit of the organization at https://platform.openai.com/settings/organization/billing, or use another key
openai-rate-limit-recovery = wait for the minute's window to pass, then send the request again; lower the request rate or ask for a higher { $limit } limit
