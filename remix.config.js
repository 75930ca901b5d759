/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // A release (VERSION_TAGS) is read at /v/<tag>/ by the live site's own routes: its home, search,
  // page histories and pages (with their .md twins), each mounted a second time under the prefix.
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route("v/:tag", "routes/_index.tsx", { id: "version-home", index: true });
      route("v/:tag/search", "routes/search.tsx", { id: "version-search" });
      route("v/:tag/history/*", "routes/history.$.tsx", { id: "version-history" });
      route("v/:tag/*", "routes/$.tsx", { id: "version-page" });
    }),
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
