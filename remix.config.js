/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // The production server (express, cached pages before Remix) is compiled with the app into build/index.js.
  server: "./http/main.ts",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Git, MDX and caching stay in node_modules at run time: bundling mdx-bundler breaks it.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
