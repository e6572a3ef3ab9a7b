# syntax=docker/dockerfile:1
# Happy Car – production image. Build: docker build -t happy-car .
# Run:   docker run -p 3000:3000 -v happy-car-data:/data happy-car   (embedded PGlite in /data)
# or with PostgreSQL and a mail catcher: docker compose up --build   (see compose.yaml, docs/deployment.md)

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Everything needed to build (dev dependencies included).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only. The server runs as compiled JavaScript (server.js and the
#    bundle in build/); tsx stays a dependency for the operator commands (npm run admin, import, …).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The runtime: no compilers, no dev dependencies, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json tsconfig.json server.js ./
# The sources only for the operator commands (scripts/*.ts through tsx); the server uses build/.
COPY app ./app
COPY drizzle ./drizzle
COPY scripts ./scripts
# The image's "node" user (uid 1000) owns only the data folder; the code stays read-only for it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz: process up, database reachable, migrations applied. Node has fetch; the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 (no npm in between), so SIGTERM reaches the graceful shutdown.
CMD ["node", "server.js"]
