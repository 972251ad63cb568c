// Serves the few swagger-ui-dist files the docs page needs, straight from node_modules.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });`;

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  if (file === 'init.js') return new Response(INIT, { headers: { 'content-type': 'application/javascript; charset=utf-8' } });
  const type = FILES[file];
  if (!type) return new Response(JSON.stringify({ error: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  const body = await readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', file));
  return new Response(new Uint8Array(body), { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } });
}
