// Declarations for the blackjack fragments in guides/developer/app-examples/blackjack.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

/** A client for the network the blackjack package is published on. */
declare const client: SuiGrpcClient;
/** The published blackjack package and its shared HouseData object. */
declare const PACKAGE_ID: string;
declare const HOUSE_DATA_ID: string;
/** The house's BLS12-381 secret key (32 bytes); its G1 public key is stored in HouseData. */
declare const HOUSE_BLS_SECRET: Uint8Array;
/** The key that pays gas for the house's transactions. */
declare const houseGasKey: Ed25519Keypair;
