// GET /api/v1/docs — interactive API documentation (swagger-ui from npm, no CDN).
export const dynamic = 'force-static';

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>RMM Service API</title>
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/assets/init.js"></script>
</body>
</html>`;

export function GET(): Response {
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
