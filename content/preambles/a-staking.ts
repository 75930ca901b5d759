// What unstake.ts shares with stake.ts in concepts/tokenomics/staking-unstaking.
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Transaction } from '@mysten/sui/transactions';

declare const client: SuiGrpcClient;
declare const signer: Ed25519Keypair;

export { Transaction, client, signer };
