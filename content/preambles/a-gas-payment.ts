// Declarations for the gas-smashing fragments in concepts/transactions/gas-smashing.

type CoinRef = { objectId: string; version: string; digest: string };

/** Every SUI coin object the sender owns, as returned by `client.listCoins`. */
declare const allSuiCoinRefs: CoinRef[];
/** A few SUI coins whose combined balance covers the payment and the gas. */
declare const coinRefs: CoinRef[];
declare const recipientAddress: string;
declare const merchantAddress: string;

