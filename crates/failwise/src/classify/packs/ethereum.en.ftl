## The texts of the ethereum rule pack (packs/ethereum.toml).
ethereum-execution-reverted-recovery = read the revert reason (`reason` in `params`), change the call's arguments, value or sender, or the contract state it needs, and simulate it with `eth_call` (or `cast call`) before { $program } sends it again
ethereum-nonce-too-low-recovery = read the account's next nonce (`eth_getTransactionCount` with `pending`), check whether the earlier transaction already landed, and sign a new transaction with that nonce
ethereum-replace-underpriced-recovery = wait for the pending transaction with this nonce to be mined, or replace it with one that raises both `maxFeePerGas` and `maxPriorityFeePerGas` (or `gasPrice`) by at least 10%
ethereum-insufficient-funds-recovery = fund the sender (check `eth_getBalance`) or lower the transaction's value, gas limit or fee, then sign and send it again
