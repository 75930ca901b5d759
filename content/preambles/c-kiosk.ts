// Preamble "c-kiosk": kiosk fragments. IDs are those the page's text introduces.
/** The published package with the page's kiosk app modules. */
declare const APPS_PKG: string;
/** The owner's kiosk and its KioskOwnerCap. */
declare const kioskId: string;
declare const kioskOwnerCapId: string;
