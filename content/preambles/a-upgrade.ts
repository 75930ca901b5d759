// Declarations for the upgrade fragment in concepts/sui-move-concepts/packages/upgrade.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

declare const client: SuiGrpcClient;
declare const keypair: Ed25519Keypair;
/** The UpgradeCap of the package, owned by `keypair`. */
declare const UPGRADE_CAP_ID: string;
/** The ID of the package's latest version (what the upgrade builds on). */
declare const CURRENT_PACKAGE_ID: string;

