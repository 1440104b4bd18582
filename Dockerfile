# syntax=docker/dockerfile:1
# Clusterdeck as a container: install, build and assemble the standalone server with scripts/standalone.mjs — the
# very commands tests/service/standalone.spec.ts runs (images can't be built on the project's CI machines, so the
# test is what proves these steps) — then run `node server.js` as a non-root user.

FROM node:20-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN node scripts/standalone.mjs /out

FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    KEEP_ALIVE_TIMEOUT=65000 \
    NODE_OPTIONS=--max-old-space-size=256 \
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
CMD ["node", "server.js"]
