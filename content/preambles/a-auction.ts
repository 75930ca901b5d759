// Declarations for the auction fragments in guides/developer/app-examples/auction.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';

/** A client for the network the auction package is published on. */
declare const client: SuiGrpcClient;
/** The published auction package. */
declare const PACKAGE_ID: string;
/** The item being sold and its full Move type, for example `0x…::hero::Hero`. */
declare const ITEM_ID: string;
declare const ITEM_TYPE: string;
/** The shared Auction object that `create` made. */
declare const AUCTION_ID: string;
/** The seller's key, which owns the item. */
declare const seller: Ed25519Keypair;
/** Any funded key; settling is permissionless. */
declare const keypair: Ed25519Keypair;
