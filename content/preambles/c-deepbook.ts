// Preamble "c-deepbook": DeepBook fragments run with a gRPC client extended with DeepBook
// (new SuiGrpcClient({ network, baseUrl }).$extend(deepbook({ address, balanceManagers: { main: ... } }))),
// which knows one balance manager under the key "main", and a transaction being built.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Transaction } from '@mysten/sui/transactions';
import type { DeepBookClient } from '@mysten/deepbook-v3';

/** The extended client: Sui methods plus `client.deepbook`. */
declare const client: SuiGrpcClient & { deepbook: DeepBookClient };
/** A transaction being built. */
declare const tx: Transaction;
