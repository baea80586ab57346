## Os textos do pacote de regras stripe (packs/stripe.toml).
stripe-rate-limit-recovery = reenvie a requisição depois de esperar, com a mesma `Idempotency-Key` (ou defina `max_network_retries` / `maxNetworkRetries` para a biblioteca fazê-lo), e faça as requisições a um mesmo objeto uma de cada vez
stripe-request-recovery = corrija o que o `code` e o `param` do erro indicam (o `doc_url` explica o código), ou peça outro meio de pagamento ao cliente quando o cartão foi recusado
stripe-auth-recovery = use uma chave secreta válida para esta conta e modo (`sk_test_` ou `sk_live_`, Dashboard > Developers > API keys), com as permissões que a chamada exige
stripe-idempotency-recovery = envie a requisição com uma nova `Idempotency-Key`, ou com os mesmos parâmetros da primeira requisição que usou a chave
stripe-api-error-recovery = procure a requisição nos logs do Dashboard (pelo id `req_`) para ver se teve efeito, e reenvie com a mesma `Idempotency-Key` só se não teve
stripe-idempotency-in-use-recovery = espere a primeira requisição com esta `Idempotency-Key` terminar e leia o resultado dela, em vez de reenviar agora
