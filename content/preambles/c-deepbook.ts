// Declarations shared by DeepBook fragments: a mainnet gRPC client extended with DeepBook, knowing one
// balance manager under the key "main", the signer's keypair, and a transaction under construction.
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Transaction } from '@mysten/sui/transactions';
import { deepbook, OrderType, SelfMatchingOptions } from '@mysten/deepbook-v3';

declare const keypair: Ed25519Keypair;
declare const BALANCE_MANAGER_ID: string;

const client = new SuiGrpcClient({ network: 'mainnet', baseUrl: 'https://fullnode.mainnet.sui.io:443' }).$extend(
	deepbook({ address: keypair.toSuiAddress(), balanceManagers: { main: { address: BALANCE_MANAGER_ID } } }),
);
declare const tx: Transaction;
