# The Wine Data Service: `docker build -t winedata .`, then see deploy/compose.yaml.
# Build stage: native addons (better-sqlite3) compile here; the runtime image gets no compiler.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc tsconfig.json ./
# The SDK workspace (packages/client) is declared in package.json: npm ci needs its manifest.
COPY packages/client/package.json ./packages/client/
# Dependencies before the sources, so that this layer is reused until the lock file changes: `npm ci`
# without scripts (the root's `prepare` needs src/), then the dependencies' own install scripts. Node's
# headers for a native addon compiled here (no prebuilt binary reachable) are the image's own, not the
# host's (.npmrc's nodedir).
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild --nodedir=/usr/local
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: production dependencies, the compiled service and the bundled catalogue; not root.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATABASE_URL=sqlite:/app/var/wine.db MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The dashboard reads its templates and assets from src/ at run time (tsc copies no templates).
COPY src/modules/dashboard/views ./src/modules/dashboard/views
COPY src/modules/dashboard/assets ./src/modules/dashboard/assets
COPY data ./data
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 8080
# Ready = the database answers (/ready); a load balancer or orchestrator takes the container out otherwise.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Settings (ENV above) and node options as in package.json's "serve" script (test/start-flags.test.ts keeps them equal).
CMD ["node", "--min-semi-space-size=16", "dist/cli.js", "serve"]
