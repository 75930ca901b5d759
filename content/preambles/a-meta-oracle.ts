// Declarations for the aggregation fragment in guides/developer/app-examples/meta-pricing-oracle.

/** The published meta-oracle package (aggregator and adapters). */
declare const META: string;
/** The lending package that consumes the price, and its shared market object. */
declare const LENDING: string;
declare const MARKET_ID: string;
/** The amount to borrow, in the market's base units. */
declare const amount: bigint;
/** Readings fetched from off-chain signers, each with the ID of its registered signer object. */
declare const signedQuotes: {
  signerObjectId: string;
  value: bigint;
  decimals: number;
  observedMs: bigint;
  signature: Uint8Array;
}[];
