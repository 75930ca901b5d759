// What the trading frontend's components import from its other files (src/constants.ts, src/transactions.ts, src/App.tsx).
declare const PACKAGE_ID: string;
declare const API_URL: string;
declare function App(): import('react').JSX.Element;
declare function lockTx(item: { objectId: string; type: string }, owner: string): import('@mysten/sui/transactions').Transaction;
declare function acceptTx(args: {
	escrowId: string;
	escrowedType: string;
	lockedId: string;
	lockedType: string;
	keyId: string;
	me: string;
}): import('@mysten/sui/transactions').Transaction;
