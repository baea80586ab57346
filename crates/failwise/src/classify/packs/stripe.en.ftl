## The texts of the stripe rule pack (packs/stripe.toml).
stripe-rate-limit-recovery = resend the request after a backoff with the same `Idempotency-Key` (or set `max_network_retries` / `maxNetworkRetries` so the library does), and make requests to one object one at a time
stripe-request-recovery = fix what the error's `code` and `param` name (its `doc_url` explains the code), or ask the customer for another payment method when the card was declined
stripe-auth-recovery = use a valid secret key for this account and mode (`sk_test_` or `sk_live_`, Dashboard > Developers > API keys), with the permissions the call needs
stripe-idempotency-recovery = send the request with a new `Idempotency-Key`, or with the same parameters as the first request that used the key
stripe-api-error-recovery = look the request up in the Dashboard's logs (its `req_` id) to see whether it took effect, then resend it with the same `Idempotency-Key` only if it did not
stripe-idempotency-in-use-recovery = wait for the first request with this `Idempotency-Key` to finish and read its result, instead of resending now
