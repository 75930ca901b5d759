# syntax=docker/dockerfile:1

# --- build: install everything, build the Remix app (its server processes and compile worker bundled) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json remix.config.js remix.env.d.ts ./
COPY app ./app
COPY server ./server
COPY http ./http
COPY public ./public
ENV VITE_CJS_IGNORE_WARNING=true
RUN npm run build

# --- runtime: the built app and the embedded content ---
# build/ loads nothing from node_modules: the server, its fronts and its compile worker are bundled
# with their packages (package.json `build:*`), so the image carries no node_modules. package.json
# stays for its "type": "module".
FROM node:20-bookworm-slim AS runtime
# The server reads, clones and fetches the content repository with the git CLI (ca-certificates for HTTPS remotes).
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    CONTENT_BRANCH=main \
    POLL_INTERVAL=60
# CONTENT_REPO     https URL or path of the content repository; unset serves the embedded content/
# CONTENT_BRANCH   branch to serve (default main)
# CONTENT_ROOT     folder of the repository holding docs/, snippets/, sidebars/, schemas/ (default: the root)
# GIT_TOKEN        token for a private HTTPS repository (sent as an Authorization header)
# REMOTE_IDLE_TIMEOUT  seconds a remote may stay silent before a fetch gives up (default 60)
# DATA_DIR         where the content repository is created or cloned (a volume keeps it across restarts)
# POLL_INTERVAL    seconds between fetches of a remote repository; 0 turns polling off
# WEBHOOK_SECRET   turns on POST /api/webhooks/git (GitHub push events signed with this secret)
# EDIT_URL_BASE    base URL for "Edit this page" links; unset hides them
# SITE_URL         public origin for canonical URLs, the sitemap and HSTS (when https)
# ALLOWED_HOSTS    without SITE_URL: hosts the site may name itself by (else http://localhost:<PORT>)
# ACCESS_LOG       off turns off the request log on stdout
# FRONT_PROCESSES  front processes answering kept pages on the port (default: one per core; 0: none)
# WEB_CONCURRENCY  server processes (default: 1 behind fronts, else one per core)
# SOURCE_REPO_URL  the source repository linked from the top bar
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# As `npm start`: fronts before WEB_CONCURRENCY server processes; a heap limit (for each) makes V8 size its heap
# for this server rather than for the machine; a small young generation and two malloc arenas keep
# RSS within the memory plan (server/memory-budget.ts).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=4", "./build/start.js"]
