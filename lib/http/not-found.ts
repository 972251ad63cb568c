// The answer for a path no route serves. Doc 1 makes disabled registration answer with this
// exact body, so both are built here and stay byte-identical.
export const NOT_FOUND_BODY = JSON.stringify({ error: 'Not Found' });

export function plainNotFound(): Response {
  return new Response(NOT_FOUND_BODY, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
