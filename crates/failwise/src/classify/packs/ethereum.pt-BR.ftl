## Os textos do pacote de regras ethereum (packs/ethereum.toml).
ethereum-execution-reverted-recovery = leia o motivo da reversão (`reason` em `params`), mude os argumentos, o valor ou o remetente da chamada, ou o estado do contrato de que ela precisa, e simule com `eth_call` (ou `cast call`) antes que { $program } a envie de novo
ethereum-nonce-too-low-recovery = leia o próximo nonce da conta (`eth_getTransactionCount` com `pending`), confira se a transação anterior já entrou e assine uma nova transação com esse nonce
ethereum-replace-underpriced-recovery = espere a transação pendente com este nonce ser minerada, ou substitua-a por uma que aumente `maxFeePerGas` e `maxPriorityFeePerGas` (ou `gasPrice`) em pelo menos 10%
ethereum-insufficient-funds-recovery = coloque fundos no remetente (confira com `eth_getBalance`) ou reduza o valor, o limite de gás ou a taxa da transação, e então assine e envie de novo
