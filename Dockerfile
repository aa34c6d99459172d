# syntax=docker/dockerfile:1
# One image for every process of docs/operations.md: PROCESS_ROLE=web (HTTP), worker (the claim engine), or all.
# Build: docker build -t auto-claim .   Run: docs/operations.md, "Processes".

# 1. Build the web app (Vite) with every dependency, dev ones included.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/hospital-client/package.json packages/hospital-client/
COPY packages/kr-silson-claim/package.json packages/kr-silson-claim/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY apps/web apps/web
RUN npm run build -w apps/web

# 2. The server's production dependencies only (the contract package is a workspace; the web app's are not needed).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/hospital-client/package.json packages/hospital-client/
COPY packages/kr-silson-claim/package.json packages/kr-silson-claim/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/contract

# 3. The runtime: no compiler, no dev dependency, not root.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0 \
    WEB_DIST=/app/apps/web/dist \
    DATA_DIR=/tmp/auto-claim
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root packages/contract packages/contract
COPY --chown=root:root apps/server/package.json apps/server/
COPY --chown=root:root apps/server/src apps/server/src
COPY --chown=root:root apps/server/scripts apps/server/scripts
# The guide the server serves (modules/guide): its text and example bundles.
COPY --chown=root:root fhir/ig/README.md fhir/ig/README.md
COPY --chown=root:root fhir/ig/examples fhir/ig/examples
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The landings' server render (docs/performance.md, "The landing drawn by the server").
COPY --from=build --chown=root:root /app/apps/web/dist-ssr apps/web/dist-ssr
USER node
EXPOSE 3000 9464
# The ops listener answers for web and worker processes alike.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.METRICS_PORT||9464)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself; the server stops within 10 s (docs/operations.md).
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
