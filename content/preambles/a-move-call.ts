// Placeholders shared by short transaction-building fragments in the concepts pages:
// the published package, objects it created, and the addresses involved.

declare const PACKAGE_ID: string;
declare const VAULT_ID: string;
declare const COIN_ID: string;
declare const myAddress: string;
declare const ownerAddress: string;

