// Preamble "client": a fragment marked ```ts preamble="client" may use these names without
// declaring them. A preamble holds imports and declarations only; the checker makes the
// declarations globals for the fragments that name this preamble.
import type { SuiGrpcClient } from "@mysten/sui/grpc";
import type { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import type { Transaction } from "@mysten/sui/transactions";

/** A client for the network the page's examples run on. */
declare const client: SuiGrpcClient;
/** The signer of the page's transactions. */
declare const keypair: Ed25519Keypair;
/** The signer's address, `keypair.toSuiAddress()`. */
declare const address: string;
/** A transaction being built. */
declare const tx: Transaction;
/** The published package the page's Move code lives in. */
declare const PACKAGE_ID: string;
