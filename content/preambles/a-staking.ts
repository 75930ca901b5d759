// What unstake.ts shares with stake.ts in concepts/tokenomics/staking-unstaking.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

declare const client: SuiGrpcClient;
declare const signer: Ed25519Keypair;

