// Preamble for fragments that add commands to a transaction being built.
import { Transaction } from '@mysten/sui/transactions';

declare const tx: Transaction;
