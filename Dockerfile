# The relay/gateway as a container: `docker build -t service-gateway .` (deploy/compose.yaml builds it too).
# Stage 1 compiles the Node entry points with the development toolchain; stage 2 holds the production dependencies
# and the compiled files only, and runs as the image's unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No install scripts: tsc needs none (and the browser and PostgreSQL the tests download are not wanted here).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.node.json ./
COPY src ./src
RUN npm run build:node

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    RELAY_HOST=0.0.0.0 \
    RELAY_PORT=8788
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/build/node ./build/node
USER node
# 8788: the callers' port. 9464: metrics, when RELAY_METRICS_LISTEN=0.0.0.0:9464 is set; never publish it.
EXPOSE 8788 9464
# Ready: the upstream answers and the store answers a read (GET /readyz; 503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.RELAY_PORT||8788)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Configuration comes from the environment (RELAY_UPSTREAM, RELAY_TEAM_KEY_FILE, RELAY_DATABASE, …: docs/teams.md,
# "The relay" and "For teams"), secrets from files or the environment, never from the command line. Arguments given to
# `docker run` are the relay's flags, or an admin command (`users add alice --budget-per-day 200`).
ENTRYPOINT ["node", "build/node/relay/main.js"]
