// Preamble for fragments that use IDs and values from earlier steps of their page.
declare const PACKAGE_ID: string;
declare const VERIFIER_ID: string;
declare const RAFFLE_ID: string;
declare const COUNTER_ID: string;
declare const inputsHex: string;
declare const proofHex: string;
declare const outputHex: string;
declare const signature: Uint8Array;
declare const userAddress: string;
