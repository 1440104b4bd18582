# syntax=docker/dockerfile:1
# Clusterdeck as a container: install, build and assemble the server folder with scripts/assemble.mjs (the build,
# server.mjs and the plain modules it imports, the migrations, and the production node_modules from
# `npm ci --omit=dev`) — the very commands tests/service/standalone.spec.ts runs (images can't be built on the
# project's CI machines, so the test is what proves these steps) — then run `node server.mjs` as a non-root user.

FROM node:24-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN node scripts/assemble.mjs /out

FROM node:24-bookworm-slim AS run
# No NODE_OPTIONS: the heap is Node's default; set --max-old-space-size there to cap it (README, "Configuration").
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    KEEP_ALIVE_TIMEOUT_MS=65000 \
    DATA_DIR=/data
RUN groupadd --system clusterdeck && useradd --system --gid clusterdeck --home-dir /app clusterdeck \
    && mkdir -p /data && chown clusterdeck:clusterdeck /data
WORKDIR /app
COPY --from=build --chown=clusterdeck:clusterdeck /out ./
USER clusterdeck
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains requests in flight (SHUTDOWN_GRACE_MS, 15 s): give `docker stop` more than that (compose.yaml does).
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
