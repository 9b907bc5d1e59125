# syntax=docker/dockerfile:1
# The Fleetdesk console as an image (issue 13, docs/decisions/0038-production-build.md).
# The build stage runs exactly what scripts/smoke-prod.sh rehearses in CI: npm ci, npm run build,
# npm prune --omit=dev; the runtime stage holds production dependencies and the built files only.
#
#   docker build -t fleetdesk .
#   docker run -p 3000:3000 -v fleetdesk-data:/data fleetdesk          # PGlite in the volume, demo seed
#   docker compose up                                                   # two copies, PostgreSQL, MQTT (compose.yaml)

# Node 20 as in CI (package.json engines: >= 20.19).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
# The manifests first, so that the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Production dependencies (pruned) and the build: the compiled server and contract, the migrations the server
# applies at start, the built SPA. No sources, no TypeScript, no tsx. Owned by root, read-only for the app.
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/e2e/package.json e2e/
# The only writable place: PGlite's files when DATABASE_URL is unset, and uploads (STORAGE_DIR, default /data/uploads).
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
# Liveness (the process answers); readiness (/api/ready: database reachable, migrations applied) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm forwards SIGTERM to the server (the script execs node), which finishes requests in flight and exits 0.
CMD ["npm", "run", "start:prod"]
