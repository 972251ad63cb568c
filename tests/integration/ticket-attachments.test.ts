// Ticket attachments stored inline in PostgreSQL (S3_BUCKET unset); the bucket path has its own file.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { crontab } from '@/worker/task-list';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { fileUpload, multipart, SAMPLES } from '../helpers/multipart';
import { newTicket } from '../helpers/tickets';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let orgA: { id: string; partnerId: string };
let adminA: string;
let adminB: string;
let ticketId: string;

const MiB = 1024 * 1024;

function upload(token: string, ticket: string, body: { body: Uint8Array; contentType: string }) {
  return api.post(`/tickets/${ticket}/attachments`, { token, rawBody: body.body, headers: { 'content-type': body.contentType } });
}

/** A fresh technician: rate and pending limits are per user, so each test gets its own. */
async function technician(partner: Partner = partnerA) {
  const user = await makePartnerUser(partner, { role: 'Technician', name: 'Tech' });
  return { user, token: await tokenFor(user) };
}

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  ticketId = (await newTicket(adminA, { orgId: orgA.id })).id;
});

describe('type sniffing', () => {
  it('decides the type from the bytes, not the name or the Content-Type', async () => {
    const { token } = await technician();
    const pngNamedPdf = await upload(token, ticketId, fileUpload(SAMPLES.png, 'report.pdf', 'application/pdf'));
    expect(pngNamedPdf.status).toBe(201);
    expect(pngNamedPdf.body).toMatchObject({ contentType: 'image/png', fileName: 'report.pdf', commentId: null, sizeBytes: SAMPLES.png.length, ticketId });
    const pdfAsPng = await upload(token, ticketId, fileUpload(SAMPLES.pdf, 'photo.png', 'image/png'));
    expect(pdfAsPng.body.contentType).toBe('application/pdf');
    expect((await upload(token, ticketId, fileUpload(SAMPLES.jpeg, 'a.jpg', 'image/jpeg'))).body.contentType).toBe('image/jpeg');
    expect((await upload(token, ticketId, fileUpload(SAMPLES.webp, 'a.webp'))).body.contentType).toBe('image/webp');

    const html = await upload(token, ticketId, fileUpload('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>', 'invoice.png', 'image/png'));
    expect(html.status).toBe(415);
    expect(html.body.error.code).toBe('UNSUPPORTED_ATTACHMENT_TYPE');
    const empty = await upload(token, ticketId, fileUpload(new Uint8Array(), 'empty.pdf', 'application/pdf'));
    expect(empty.status).toBe(415);
    expect(empty.body.error.code).toBe('UNSUPPORTED_ATTACHMENT_TYPE');

    // The served Content-Type is the sniffed one, and the download name gets the real extension.
    const content = await api.get(`/tickets/${ticketId}/attachments/${pngNamedPdf.body.id}/content`, { token });
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('content-disposition')).toContain('filename="report.pdf.png"');
    expect(await db.ticketAttachment.count({ where: { ticketId, contentType: { notIn: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] } } })).toBe(0);
  });

  it('accepts exactly one file in field `file` and nothing else', async () => {
    const { token, user } = await technician();
    const codes = async (body: { body: Uint8Array; contentType: string }) => {
      const res = await upload(token, ticketId, body);
      return `${res.status} ${res.body.error?.code}`;
    };
    expect(await codes(multipart([]))).toBe('400 INVALID_MULTIPART');
    expect(await codes(multipart([{ name: 'upload', filename: 'a.png', data: SAMPLES.png }]))).toBe('400 INVALID_MULTIPART');
    expect(await codes(multipart([{ name: 'file', filename: 'a.png', data: SAMPLES.png }, { name: 'file', filename: 'b.png', data: SAMPLES.png }]))).toBe('400 INVALID_MULTIPART');
    expect(await codes(multipart([{ name: 'file', filename: 'a.png', data: SAMPLES.png }, { name: 'note', data: 'hi' }]))).toBe('400 INVALID_MULTIPART');
    expect(await codes(multipart([{ name: 'file', data: 'just a text field' }]))).toBe('400 INVALID_MULTIPART');
    const truncated = fileUpload(SAMPLES.png, 'a.png');
    expect(await codes({ ...truncated, body: truncated.body.subarray(0, truncated.body.length - 20) })).toBe('400 INVALID_MULTIPART');
    const json = await api.post(`/tickets/${ticketId}/attachments`, { token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe('INVALID_MULTIPART');
    expect(await db.ticketAttachment.count({ where: { uploadedById: user.id } })).toBe(0);
  });
});

describe('size limit', () => {
  it('accepts exactly 10 MiB and refuses one byte more with 413', async () => {
    const { token } = await technician();
    const max = Buffer.alloc(10 * MiB, 0x20);
    SAMPLES.pdf.copy(max);
    const ok = await upload(token, ticketId, fileUpload(max, 'big.pdf'));
    expect(ok.status).toBe(201);
    expect(ok.body.sizeBytes).toBe(10 * MiB);
    const over = await upload(token, ticketId, fileUpload(Buffer.concat([max, Buffer.from('x')]), 'bigger.pdf'));
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('ATTACHMENT_TOO_LARGE');
  }, 120_000);

  it('answers 413 to a streamed 11 MiB body before the client has sent it all, and reads no further', async () => {
    const { token, user } = await technician();
    const boundary = 'stream-boundary-7';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    const total = 11 * MiB;
    const chunkSize = 64 * 1024;
    const pauseAt = 10 * MiB + 8 * chunkSize;
    let produced = 0;
    // The client stalls a little past the limit: an answer that needed the whole body would never come.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (produced === 0) {
            controller.enqueue(new Uint8Array(Buffer.concat([head, SAMPLES.png])));
            produced += SAMPLES.png.length;
            return;
          }
          if (produced >= pauseAt) await gate;
          if (produced >= total) {
            controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
            controller.close();
            return;
          }
          const n = Math.min(chunkSize, total - produced);
          controller.enqueue(new Uint8Array(n));
          produced += n;
        },
      },
      { highWaterMark: 0 },
    );
    const res = await api.post(`/tickets/${ticketId}/attachments`, { token, rawBody: source, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('ATTACHMENT_TOO_LARGE');
    expect(produced).toBeLessThanOrEqual(pauseAt);
    // The unread rest is not waited for: the server closes the connection after answering.
    expect(res.headers.get('connection')).toBe('close');
    expect(await db.ticketAttachment.count({ where: { uploadedById: user.id } })).toBe(0);
    release();
    const afterRelease = produced;
    await new Promise((resolve) => setImmediate(resolve));
    expect(produced - afterRelease).toBeLessThanOrEqual(chunkSize);
  });

  it('refuses an oversized declared Content-Length without reading the body', async () => {
    const { token } = await technician();
    let pulled = false;
    const source = new ReadableStream<Uint8Array>({ pull: () => void (pulled = true) }, { highWaterMark: 0 });
    const res = await api.post(`/tickets/${ticketId}/attachments`, {
      token,
      rawBody: source,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * MiB) },
    });
    expect(res.status).toBe(413);
    expect(pulled).toBe(false);
  });
});

describe('per-user limits', () => {
  it('holds at most 20 pending uploads per user; claiming one frees a slot', async () => {
    const { token, user } = await technician();
    for (let i = 0; i < 20; i++) expect((await upload(token, ticketId, fileUpload(SAMPLES.png, `p${i}.png`))).status).toBe(201);
    const refused = await upload(token, ticketId, fileUpload(SAMPLES.png, 'p20.png'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_PENDING');
    // Another user is not affected.
    expect((await upload((await technician()).token, ticketId, fileUpload(SAMPLES.png))).status).toBe(201);
    const pending = await db.ticketAttachment.findMany({ where: { uploadedById: user.id, commentId: null }, select: { id: true }, take: 1 });
    expect((await api.post(`/tickets/${ticketId}/comments`, { token, body: { attachmentIds: [pending[0].id] } })).status).toBe(201);
    expect((await upload(token, ticketId, fileUpload(SAMPLES.png, 'p21.png'))).status).toBe(201);
    expect(await db.ticketAttachment.count({ where: { uploadedById: user.id, commentId: null } })).toBe(20);
  }, 120_000);

  it('allows 30 uploads per minute per user, then 429 with Retry-After', async () => {
    const { token, user } = await technician();
    for (let i = 0; i < 30; i++) {
      const res = await upload(token, ticketId, fileUpload(SAMPLES.png, `r${i}.png`));
      expect(res.status).toBe(201);
      // Post every fifth batch so the pending limit never interferes.
      if (i % 5 === 4) {
        const ids = (await db.ticketAttachment.findMany({ where: { uploadedById: user.id, commentId: null }, select: { id: true } })).map((a) => a.id);
        expect((await api.post(`/tickets/${ticketId}/comments`, { token, body: { attachmentIds: ids } })).status).toBe(201);
      }
    }
    // However slow this machine is, the 30 uploads count as this minute's.
    await db.$executeRaw`update rate_limit_events set created_at = now() where key = ${`ticket-attachment-upload:${user.id}`}`;
    const limited = await upload(token, ticketId, fileUpload(SAMPLES.png, 'r30.png'));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Time travel: once the window has passed, uploads are accepted again.
    await db.$executeRaw`update rate_limit_events set created_at = created_at - interval '61 seconds' where key = ${`ticket-attachment-upload:${user.id}`}`;
    expect((await upload(token, ticketId, fileUpload(SAMPLES.png, 'r31.png'))).status).toBe(201);
  }, 120_000);
});

describe('serving', () => {
  it('streams with nosniff, a strong ETag and private caching; a matching If-None-Match gets 304', async () => {
    const { token } = await technician();
    const up = await upload(token, ticketId, fileUpload(SAMPLES.jpeg, 'cat.jpg'));
    const path = `/tickets/${ticketId}/attachments/${up.body.id}/content`;
    const res = await api.get(path, { token });
    expect(res.status).toBe(200);
    expect(Buffer.from(res.bytes).equals(SAMPLES.jpeg)).toBe(true);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(SAMPLES.jpeg.length));
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${up.body.sha256}"`);

    const cached = await api.get(path, { token, headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(cached.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await api.get(path, { token, headers: { 'if-none-match': `"nope", W/${etag}` } })).status).toBe(304);
    expect((await api.get(path, { token, headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    expect(up.body.contentUrl).toBe(`/api/v1${path}`);
  });
});

describe('claiming attachments in a comment', () => {
  it('claims own pending uploads atomically and rolls the comment back when one cannot be claimed', async () => {
    const me = await technician();
    const other = await technician();
    const otherTicket = (await newTicket(adminA, { orgId: orgA.id })).id;
    const mine = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'mine.png'))).body.id;
    const mine2 = (await upload(me.token, ticketId, fileUpload(SAMPLES.pdf, 'mine.pdf'))).body.id;
    const theirs = (await upload(other.token, ticketId, fileUpload(SAMPLES.png, 'theirs.png'))).body.id;
    const elsewhere = (await upload(me.token, otherTicket, fileUpload(SAMPLES.png, 'elsewhere.png'))).body.id;
    const commentsBefore = await db.ticketComment.count({ where: { ticketId } });

    for (const bad of [theirs, elsewhere, '6f2a4c1e-0000-4000-8000-000000000000']) {
      const res = await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'see attached', attachmentIds: [mine, bad] } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'ATTACHMENT_NOT_CLAIMABLE', details: { attachmentIds: [bad] } });
    }
    expect(await db.ticketComment.count({ where: { ticketId } })).toBe(commentsBefore);
    expect((await db.ticketAttachment.findUniqueOrThrow({ where: { id: mine } })).commentId).toBeNull();

    const ok = await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: '', attachmentIds: [mine, mine2] } });
    expect(ok.status).toBe(201);
    expect(ok.body.attachments.map((a: { id: string; commentId: string }) => [a.id, a.commentId])).toEqual([[mine, ok.body.id], [mine2, ok.body.id]]);
    const again = await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'again', attachmentIds: [mine] } });
    expect(again.body.error.code).toBe('ATTACHMENT_NOT_CLAIMABLE');

    expect((await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'dup', attachmentIds: [mine2, mine2] } })).status).toBe(400);
    const six = Array.from({ length: 6 }, () => '6f2a4c1e-0000-4000-8000-000000000000');
    expect((await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'x', attachmentIds: six } })).status).toBe(400);
    expect((await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: '' } })).status).toBe(400);
  });

  it('lets two comments race for one upload: exactly one wins', async () => {
    const me = await technician();
    const id = (await upload(me.token, ticketId, fileUpload(SAMPLES.png))).body.id;
    const results = await Promise.all([1, 2, 3].map((n) => api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: `race ${n}`, attachmentIds: [id] } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.ticketComment.count({ where: { ticketId, content: { startsWith: 'race' } } })).toBe(1);
  });
});

describe('visibility and deletion rules', () => {
  it('shows a pending upload to its uploader only and internal-note files to the service desk only', async () => {
    const me = await technician();
    const colleague = await technician();
    const customer = await tokenFor(await makeOrgUser(partnerA, orgA, { role: 'Organization User' }));
    const pending = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'pending.png'))).body.id;
    const internalFile = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'internal.png'))).body.id;
    const publicFile = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'public.png'))).body.id;
    await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'internal', visibility: 'internal', attachmentIds: [internalFile] } });
    await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'public', attachmentIds: [publicFile] } });
    const content = (token: string, id: string) => api.get(`/tickets/${ticketId}/attachments/${id}/content`, { token });

    expect((await content(me.token, pending)).status).toBe(200);
    expect((await content(colleague.token, pending)).status).toBe(404);
    expect((await content(adminA, pending)).status).toBe(404);
    expect((await content(colleague.token, internalFile)).status).toBe(200);
    expect((await content(customer, internalFile)).status).toBe(404);
    expect((await api.get(`/tickets/${ticketId}/attachments/${internalFile}`, { token: customer })).status).toBe(404);
    expect((await content(customer, publicFile)).status).toBe(200);
    const listed = await api.get(`/tickets/${ticketId}/attachments`, { token: customer, query: { limit: 200 } });
    const ids = listed.body.data.map((a: { id: string }) => a.id);
    expect(ids).toContain(publicFile);
    expect(ids).not.toContain(internalFile);
    expect(ids).not.toContain(pending);
    expect((await api.get(`/tickets/${ticketId}/attachments`, { token: me.token, query: { limit: 200 } })).body.data.map((a: { id: string }) => a.id)).toContain(pending);
  });

  it('tickets:write deletes own uploads and own comment files; others need tickets:manage', async () => {
    const me = await technician();
    const colleague = await technician();
    const pending = (await upload(me.token, ticketId, fileUpload(SAMPLES.png))).body.id;
    const posted = (await upload(me.token, ticketId, fileUpload(SAMPLES.png))).body.id;
    const postedToo = (await upload(me.token, ticketId, fileUpload(SAMPLES.png))).body.id;
    const colleaguesPending = (await upload(colleague.token, ticketId, fileUpload(SAMPLES.png))).body.id;
    await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'files', attachmentIds: [posted, postedToo] } });

    expect((await api.delete(`/tickets/${ticketId}/attachments/${posted}`, { token: colleague.token })).status).toBe(403);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${pending}`, { token: colleague.token })).status).toBe(404);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${pending}`, { token: me.token })).status).toBe(204);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${posted}`, { token: me.token })).status).toBe(204);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${postedToo}`, { token: adminA })).status).toBe(204);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${colleaguesPending}`, { token: adminA })).status).toBe(204);
    expect(await db.ticketAttachment.count({ where: { id: { in: [pending, posted, postedToo, colleaguesPending] } } })).toBe(0);
    expect(await db.ticketAttachmentBlob.count({ where: { attachmentId: { in: [pending, posted] } } })).toBe(0);
    expect((await api.get(`/tickets/${ticketId}/attachments/${posted}/content`, { token: me.token })).status).toBe(404);
    const audit = await db.auditLog.findFirst({ where: { action: 'ticket.attachment.delete', targetId: postedToo } });
    expect(audit?.details).toMatchObject({ own: false });
  });

  it('a soft-deleted ticket refuses uploads (409) and hides its files (404)', async () => {
    const t = (await newTicket(adminA, { orgId: orgA.id })).id;
    const file = (await upload(adminA, t, fileUpload(SAMPLES.png))).body.id;
    await api.delete(`/tickets/${t}`, { token: adminA });
    const res = await upload(adminA, t, fileUpload(SAMPLES.png));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TICKET_DELETED');
    expect((await api.get(`/tickets/${t}/attachments/${file}/content`, { token: adminA })).status).toBe(404);
    expect((await api.get(`/tickets/${t}/attachments`, { token: adminA })).status).toBe(404);
    expect((await api.delete(`/tickets/${t}/attachments/${file}`, { token: adminA })).body.error.code).toBe('TICKET_DELETED');
  });

  it('a caller of another partner gets 404 and nothing changes', async () => {
    const file = (await upload(adminA, ticketId, fileUpload(SAMPLES.png))).body.id;
    await api.post(`/tickets/${ticketId}/comments`, { token: adminA, body: { content: 'x', attachmentIds: [file] } });
    const before = await db.ticketAttachment.findUniqueOrThrow({ where: { id: file } });
    expect((await api.get(`/tickets/${ticketId}/attachments/${file}/content`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/tickets/${ticketId}/attachments/${file}`, { token: adminB })).status).toBe(404);
    expect((await api.delete(`/tickets/${ticketId}/attachments/${file}`, { token: adminB })).status).toBe(404);
    expect((await upload(adminB, ticketId, fileUpload(SAMPLES.png))).status).toBe(404);
    expect((await api.get(`/tickets/${ticketId}/attachments`, { token: adminB })).status).toBe(404);
    expect(await db.ticketAttachment.findUniqueOrThrow({ where: { id: file } })).toEqual(before);
    expect(await db.ticketAttachment.count({ where: { ticketId } })).toBeGreaterThan(0);
  });
});

describe('the 24-hour sweep', () => {
  it('deletes pending uploads older than 24 hours, keeps younger and claimed ones', async () => {
    expect(crontab).toMatch(/^\*\/15 \* \* \* \* purge_pending_attachments$/m);
    const me = await technician();
    const stale = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'stale.png'))).body.id;
    const young = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'young.png'))).body.id;
    const claimedOld = (await upload(me.token, ticketId, fileUpload(SAMPLES.png, 'claimed.png'))).body.id;
    await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'kept', attachmentIds: [claimedOld] } });
    await db.$executeRaw`update ticket_attachments set created_at = now() - interval '25 hours' where id in (${stale}::uuid, ${claimedOld}::uuid)`;
    await db.$executeRaw`update ticket_attachments set created_at = now() - interval '23 hours' where id = ${young}::uuid`;

    await enqueueJob(db, 'purge_pending_attachments', {});
    await runDueJobs();

    expect(await db.ticketAttachment.findUnique({ where: { id: stale } })).toBeNull();
    expect(await db.ticketAttachmentBlob.findUnique({ where: { attachmentId: stale } })).toBeNull();
    expect(await db.ticketAttachment.findUnique({ where: { id: young } })).not.toBeNull();
    expect(await db.ticketAttachment.findUnique({ where: { id: claimedOld } })).not.toBeNull();
    const claim = await api.post(`/tickets/${ticketId}/comments`, { token: me.token, body: { content: 'too late', attachmentIds: [stale] } });
    expect(claim.body.error.code).toBe('ATTACHMENT_NOT_CLAIMABLE');
  });
});

describe('OpenAPI', () => {
  it('documents the multipart upload body and the inbound-email credential', async () => {
    const doc = (await api.get('/openapi.json')).body;
    const uploadOp = doc.paths['/tickets/{id}/attachments'].post;
    expect(uploadOp.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(uploadOp['x-permission']).toBe('tickets:write');
    expect(doc.paths['/tickets/inbound-email'].post.security).toEqual([{ inboundEmailSecret: [] }]);
    expect(doc.components.securitySchemes.inboundEmailSecret).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/ticket-response-templates'].post['x-mfa-required']).toBe(true);
  });
});
