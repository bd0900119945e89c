# syntax=docker/dockerfile:1
# Sacred Path Congregation: the production image (see docs/deployment.md).
#   docker build -t sacred-path .
#   docker compose up -d            # with PostgreSQL, see compose.yaml
# Stages: deps (every package, for the build) -> build (npm run build: the server, the pages and the
# operator's scripts) -> prod-deps (runtime packages only) -> runtime (slim, non-root).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- every dependency, for building -----------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --include=dev: the build's tools, whatever NODE_ENV the builder passes.
RUN npm ci --include=dev --no-audit --no-fund

# --- the production build -----------------------------------------------------------------------
FROM deps AS build
COPY . .
# build/server-main.js, build/server/, build/client/ and build/scripts/ (db-backup, db-restore and
# create-admin as plain Node scripts: the runtime has no tsx). .git is not in the context, so the
# commit comes from the builder: docker build --build-arg SOURCE_COMMIT=$(git rev-parse HEAD) (else "unknown").
ARG SOURCE_COMMIT=unknown
RUN npm run build

# --- production dependencies only ---------------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# --legacy-peer-deps: runtime packages name build tools as optional peers (better-auth names vitest,
# React Router's Node adapter names TypeScript), which npm would otherwise install (190 MB, not 290).
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund

# --- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# PAYPAL_ENV=live is the app's default as well (app/env.server.ts), written here so the image says it.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    PAYPAL_ENV=live
WORKDIR /app
# Code and packages belong to root and are read-only for the app; only data/ and /backups are its own.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
# Migrations are read at start-up from db/migrations (relative to the working directory).
COPY db/migrations ./db/migrations
COPY assets ./assets
COPY --from=build /app/build ./build
RUN mkdir -p /app/data /backups && chown node:node /app/data /backups
USER node
EXPOSE 3000
# /healthz answers while the process serves; /readyz also checks the database (see docs/deployment.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (it stops within five seconds).
CMD ["node", "build/server-main.js"]
