# syntax=docker/dockerfile:1.7
# m3: one image for every process; its first argument selects it:
#   kb | annotation | registry | config | capture | upload | gateway | migrate [domain ...]
#   | backup --output ... | restore --input ...
# Targets: `runtime` (default, the last stage) and `capture` (runtime plus ffmpeg).
#   docker build -t m3:0.1.0 .
#   docker build --target capture -t m3-capture:0.1.0 .
# The TypeScript is compiled in a build stage (npm run build); the image runs the JavaScript
# with plain node: no loader thread, ~50-80 MB less per process than running it through tsx.

ARG NODE_IMAGE=node:22-bookworm-slim

# Production dependencies only. better-sqlite3 (the embedded default store) compiles when no
# prebuilt binary downloads, so the toolchain lives here and never reaches the final image.
# package.json's prepare step (in a checkout: the console built, the sources transpiled for
# npm start) finds no sources here, in the build stage's npm ci neither, and does nothing.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# The compiler needs the dev dependencies; only its output (dist/) leaves this stage.
FROM deps AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY tools/dev/build ./tools/dev/build
COPY proto ./proto
COPY services ./services
COPY gateway ./gateway
# Everything that ships beside the domains and the gateway, in one folder: the all-in-one, the CLI,
# the image's entrypoint, migrate, backup and restore, the kb import and datagen.
COPY tools/m3 ./tools/m3
RUN npm run build
# The web console (vite, from gateway/console) beside the compiled gateway, which serves it at /.
RUN npx vite build --config gateway/console/vite.config.ts --outDir /app/dist/console --logLevel warn

# The application: the compiled build (with its protos and package.json) and production
# node_modules, owned by root and read-only to the process user, so the container runs with a
# read-only root filesystem (writable paths are /tmp and /var/lib/m3 for data, both volumes).
# A young generation pinned at Node's default maximum and a heap that grows by half between full
# collections (IMAGE_NODE_OPTIONS in tools/m3/image/image-commands.ts) keep each process small and
# its memory flat over time; `npm start`
# raises the young generation for bulk writes (NODE_OPTIONS=--max-semi-space-size=64 does the
# same here, for ~100 MB more per process).
FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production \
    M3_DATA_DIR=/var/lib/m3 \
    M3_CONSOLE_DIR=/app/console
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./
RUN mkdir -p /var/lib/m3 && chown 1000:1000 /var/lib/m3
VOLUME ["/tmp", "/var/lib/m3"]
EXPOSE 8080 50051 50052 50053 50054 50055 50056 9464
ENTRYPOINT ["node", "--heap-growing-percent=50", "--min-semi-space-size=16", "tools/m3/image/image-entrypoint.js"]
CMD ["gateway"]

# Frame capture needs ffmpeg and ffprobe; only this target carries them.
FROM app AS capture
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
USER 1000:1000
CMD ["capture"]

# The default target: every other process.
FROM app AS runtime
USER 1000:1000
