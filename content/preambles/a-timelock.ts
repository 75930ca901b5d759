// Declarations for the custom upgrade policy fragment in
// concepts/sui-move-concepts/packages/custom-policies.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

declare const client: SuiGrpcClient;
/** The key of the address that owns the TimelockedCap. */
declare const adminKeypair: Ed25519Keypair;
declare const TIMELOCKED_CAP_ID: string;
declare const TIMELOCK_PACKAGE_ID: string;
/** The latest version of the application package being upgraded. */
declare const APP_PACKAGE_ID: string;

