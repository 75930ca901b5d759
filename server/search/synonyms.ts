/**
 * Words readers use for what the pages call otherwise, from Sui's own vocabulary. Each group is a
 * set of phrases meaning the same thing here: a query holding one of them also finds pages that
 * use another, a little below pages using the reader's own words. Kept short on purpose: a
 * synonym matches everywhere its partner does, so a loose one would lift unrelated pages.
 */
export const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = [
  ["coin", "token"],
  ["stake", "delegate", "delegation"],
  ["ptb", "programmable transaction block"],
  ["subscribe", "listen", "follow", "watch"],
  ["random", "randomness", "vrf"],
  ["publish", "deploy"],
  ["smart contract", "package"],
  ["faucet", "airdrop"],
  ["timestamp", "clock", "time"],
  ["marketplace", "kiosk"],
  ["order book", "orderbook", "clob", "deepbook"],
  ["dex", "deepbook"],
  ["seed phrase", "recovery phrase", "mnemonic"],
  ["gasless", "sponsored"],
  ["blacklist", "blocklist", "deny list", "denylist"],
  ["nft metadata", "display"],
  ["zk", "zero knowledge"],
  ["cli", "command line"],
  ["difference", "comparison", "compare"],
  ["sponsor", "pay gas for"],
];
