// Declarations for the swap-request fragment in guides/developer/app-examples/trusted-swap.
/** The published trusted_swap package. */
declare const PACKAGE_ID: string;
/** The address of the swap service (`service.toSuiAddress()` in swapper.ts). */
declare const SERVICE_ADDRESS: string;
/** The object the user offers, and its full Move type. */
declare const itemId: string;
declare const itemType: string;
/** The address the user agreed to trade with. */
declare const friend: string;
