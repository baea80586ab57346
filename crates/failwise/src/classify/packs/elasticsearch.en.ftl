## The texts of the elasticsearch rule pack (packs/elasticsearch.toml).
elasticsearch-type-recovery = act on the `{ $type }` answer before resending: back off on a rejection or a circuit breaker, read the document's `_seq_no` on a version conflict, create the index, or clear a block with `PUT <index>/_settings` `index.blocks.read_only_allow_delete: null` once disk is freed
