# Pehnava's image: one API host, as each host of the fleet runs it (docs/operations.md).
#
#   docker build -t pehnava:$(git rev-parse --short HEAD) .
#   docker run --env-file deploy/.env -p 3000:3000 pehnava:…           # a host
#   docker run --env-file deploy/.env pehnava:… npm run db:migrate      # the one-shot migration
#
# Three stages: `deps` installs the production dependencies alone, `build` installs everything
# and builds (packages/shared, the API, the web app and its server renderer), and the last stage
# is `deps`' node_modules with the build's output, run as the unprivileged `node` user.
# scripts/deploy.test.mjs checks this file against the fleet's start command without an engine.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- production dependencies only --------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Every workspace's package.json, so that the lockfile's workspaces all resolve. The server needs
# the production dependencies of three of them: the API's, packages/shared's (zod) and the web
# app's (React, React Router, TanStack Query, lucide-react, sonner: the server renderer in
# apps/web/dist-ssr imports them at run time). e2e's production dependencies are sharp, which the
# API has anyway, and packages/shared.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- build ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Playwright's package is a dev dependency of e2e; it must not fetch a browser here.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build

# ---- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# node_modules (with the workspaces' links to packages/shared, apps/api and apps/web) and the
# package.json files, owned by root: the server reads them, never writes them.
COPY --from=deps /app ./
# What the server reads at run time: its build, its migrations (apps/api/drizzle) and assets
# (the pincode directory, the sandbox's checkout script), packages/shared's build, the built web
# app (apps/web/dist, WEB_ROOT's default) and its server renderer (apps/web/dist-ssr).
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/api/assets apps/api/assets
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
# DATA_DIR (./data): the only place the server writes to disk (with IMAGE_STORE=disk, images; with
# the sandbox, its keys). With DATABASE_URL set, images live in PostgreSQL or a bucket and a
# host's DATA_DIR holds nothing another host needs.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the process answers GET /api/health (200, or 503 while the database is away: still
# alive). Readiness, GET /api/ready, is the load balancer's check (deploy/haproxy.cfg).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
# On SIGTERM the server drains (SHUTDOWN_DRAIN_MS), finishes its requests and exits 0: give it
# SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS before a SIGKILL (compose: stop_grace_period).
STOPSIGNAL SIGTERM
# The fleet's start command (scripts/fleet-lib.mjs, serverScript) and `npm start`'s.
CMD ["node", "apps/api/dist/server.js"]
