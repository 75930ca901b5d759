// Preamble "c-token": closed-loop token fragments. The IDs and types are those the page's text
// introduces (the published package, the token's currency type, its shared policy, ...).
import type { SuiGrpcClient } from '@mysten/sui/grpc';

/** A client for the network the token lives on. */
declare const client: SuiGrpcClient;
/** The published package with the token's module, and a package with rule modules. */
declare const PKG: string;
declare const RULES_PKG: string;
/** The token's currency type, for example `0x…::loyalty::LOYALTY` (also named CURRENCY or RIDE_TOKEN on some pages). */
declare const TOKEN_TYPE: string;
declare const CURRENCY: string;
declare const RIDE_TOKEN: string;
/** The shared TokenPolicy<T> and the TokenPolicyCap<T> that administers it. */
declare const POLICY_ID: string;
declare const POLICY_CAP_ID: string;
/** The TreasuryCap<T> of the token, held by the issuer. */
declare const TREASURY_CAP_ID: string;
/** Objects and addresses of the example. */
declare const tokenId: string;
declare const myTokenId: string;
declare const coinId: string;
declare const recipient: string;
declare const me: string;
declare const alice: string;
declare const bob: string;
