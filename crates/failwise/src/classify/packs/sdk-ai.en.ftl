## The texts of the sdk-ai rule pack (packs/sdk-ai.toml).
sdk-ai-status-recovery = act on the HTTP status of `{ $exception }`: resend after a wait for 429, 5xx and 529, and fix the API key, the model name or the request body for the other statuses
sdk-ai-timeout-recovery = check whether the request took effect (list the created objects, or look the request id up in the provider's logs), then resend with a larger `timeout` if it did not
sdk-ai-connection-recovery = check the `base_url` and the network path to the API, then check whether the request took effect before resending it
sdk-ai-connect-error-recovery = check that the API server at the `base_url` is running and reachable, then resend
