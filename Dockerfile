# syntax=docker/dockerfile:1
# One box: the Remix server (server.js) and its SQLite file on the Fly volume mounted at /data
# (fly.toml). tests/integration/deploy-files.test.ts checks this file against fly.toml and package.json.

# The Node major of package.json's engines.
FROM node:20-bookworm-slim AS base
WORKDIR /app

# Every dependency, built here: better-sqlite3 compiles from source when no prebuilt binary fits,
# and postinstall applies patches/ (patch-package, a devDependency).
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: pruned from the built (and patched) tree, not installed again,
# so the compiled better-sqlite3 and the patched files stay and patch-package need not exist.
FROM deps AS production-deps
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM base
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db
# `npm run setup` (migrations, and the demo data with SEED_DEMO=1) runs TypeScript through tsx,
# so the sources it imports (app/, db/, scripts/, tsconfig.json) ship beside the build.
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json package-lock.json server.js tsconfig.json litestream.yml ./
COPY http-server ./http-server
COPY db ./db
COPY app ./app
COPY scripts ./scripts
# Litestream 0.3.13 comes with the npm dependencies (@flydotio/litestream-linux-x64, the binary's own
# package, pinned as an optional dependency in package.json): nothing else is downloaded. The build stops here if it is missing.
# With LITESTREAM_REPLICA_URL set, server.js runs under `litestream replicate -exec` (decision 053).
RUN node http-server/replication.js version
# The volume's mount point, for a run without a volume; on Fly the entrypoint hands the mounted
# (root-owned) volume to `node` before dropping root.
RUN mkdir -p /data && chown node:node /data
EXPOSE 3000
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
CMD ["npm", "start"]
