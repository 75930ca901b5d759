// Preamble "dapp": a fragment of a dApp built with @mysten/dapp-kit-react (```tsx preamble="dapp").
// The fragment may use these names without declaring them; React hooks it calls it imports itself.
import type { DAppKit } from "@mysten/dapp-kit-react";
import type { SuiGrpcClient } from "@mysten/sui/grpc";
import type { Transaction } from "@mysten/sui/transactions";

/** The app's dApp Kit instance, from createDAppKit({ networks, createClient, ... }). */
declare const dAppKit: DAppKit<["testnet", "mainnet"], SuiGrpcClient>;
/** The client of the dApp's current network. */
declare const client: SuiGrpcClient;
/** A transaction being built. */
declare const tx: Transaction;
/** The connected account's address. */
declare const address: string;
/** The published package the dApp calls. */
declare const PACKAGE_ID: string;
