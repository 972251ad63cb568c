export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`, 'cache-control': 'private, no-store' },
  });
}
