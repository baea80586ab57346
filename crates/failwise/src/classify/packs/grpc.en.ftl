## The texts of the grpc rule pack (packs/grpc.toml).
grpc-status-recovery = act on the gRPC status `{ $grpc_status }`: call again after a wait for UNAVAILABLE or RESOURCE_EXHAUSTED, check whether the call took effect before repeating it after DEADLINE_EXCEEDED, and fix the request, the credentials or the server-side state for the other codes
grpc-message-larger-than-max-recovery = raise the channel's message size limit (grpc-go's `grpc.MaxCallRecvMsgSize`, grpcio's `grpc.max_receive_message_length` option) above { $size } bytes, or ask for less per call (a smaller page), then call again
