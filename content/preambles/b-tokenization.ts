// Preamble for the asset tokenization issuer fragment: values from the issuer's setup.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

declare const client: SuiGrpcClient;
declare const issuer: Ed25519Keypair;
declare const PACKAGE_ID: string;
declare const ASSET_CAP_ID: string;
/** Investor address and the number of shares each receives. */
declare const allocations: Array<[string, number]>;
