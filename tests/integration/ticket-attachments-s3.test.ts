// Ticket attachments in an S3-compatible bucket (a real s3rver started here, not a mocked client),
// and the promise that bucket and database rows behave identically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { freePort } from '../../scripts/lib/postgres';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeJobsDue, pendingJobCount, runDueJobs } from '../helpers/jobs';
import { fileUpload, SAMPLES } from '../helpers/multipart';
import { newTicket } from '../helpers/tickets';
import { setEnv, startS3Server, type S3TestServer } from '../helpers/s3';

let s3: S3TestServer;
let token: string;
let ticketId: string;
const S3_OFF = { S3_BUCKET: undefined };

const upload = (data: Buffer, name = 'shot.png') => {
  const body = fileUpload(data, name, 'image/png');
  return api.post(`/tickets/${ticketId}/attachments`, { token, rawBody: body.body, headers: { 'content-type': body.contentType } });
};
const content = (id: string, headers: Record<string, string> = {}) => api.get(`/tickets/${ticketId}/attachments/${id}/content`, { token, headers });
const SERVED_HEADERS = ['content-type', 'content-length', 'etag', 'cache-control', 'x-content-type-options', 'content-disposition', 'content-security-policy'];
const servedHeaders = (h: Headers) => Object.fromEntries(SERVED_HEADERS.map((k) => [k, h.get(k)]));

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  s3 = await startS3Server();
  const partner = await makePartner();
  const org = await makeOrg(partner.id);
  token = await tokenFor(await makePartnerUser(partner), { mfa: true });
  ticketId = (await newTicket(token, { orgId: org.id })).id;
});

afterAll(async () => {
  setEnv({ ...Object.fromEntries(Object.keys(s3.env).map((k) => [k, undefined])) });
  await s3.stop();
});

describe('attachments in the bucket', () => {
  it('stores the bytes under ticket-attachments/<id> and serves them exactly like a database row', async () => {
    setEnv(s3.env);
    const inBucket = await upload(SAMPLES.png);
    expect(inBucket.status).toBe(201);
    const row = await db.ticketAttachment.findUniqueOrThrow({ where: { id: inBucket.body.id }, include: { blob: true } });
    expect(row).toMatchObject({ storage: 's3', storageBucket: s3.bucket, storageKey: `ticket-attachments/${row.id}`, blob: null });
    expect((await s3.getObject(`ticket-attachments/${row.id}`))?.equals(SAMPLES.png)).toBe(true);

    setEnv(S3_OFF);
    const inDatabase = await upload(SAMPLES.png);
    const dbRow = await db.ticketAttachment.findUniqueOrThrow({ where: { id: inDatabase.body.id }, include: { blob: true } });
    expect(dbRow).toMatchObject({ storage: 'database', storageBucket: null, storageKey: null });
    expect(Buffer.from(dbRow.blob!.data).equals(SAMPLES.png)).toBe(true);
    const { id: _a, createdAt: _b, contentUrl: _c, ...bucketMeta } = inBucket.body;
    const { id: _d, createdAt: _e, contentUrl: _f, ...databaseMeta } = inDatabase.body;
    expect(bucketMeta).toEqual(databaseMeta);

    // Served from the bucket even though new uploads now go to the database.
    const fromBucket = await content(inBucket.body.id);
    const fromDatabase = await content(inDatabase.body.id);
    expect(fromBucket.status).toBe(200);
    expect(Buffer.from(fromBucket.bytes).equals(SAMPLES.png)).toBe(true);
    expect(Buffer.from(fromBucket.bytes).equals(Buffer.from(fromDatabase.bytes))).toBe(true);
    expect(servedHeaders(fromBucket.headers)).toEqual(servedHeaders(fromDatabase.headers));
    expect(servedHeaders(fromBucket.headers)).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=300', etag: `"${row.sha256}"` });
    expect((await content(inBucket.body.id, { 'if-none-match': fromBucket.headers.get('etag')! })).status).toBe(304);

    // And the database row keeps serving from the database once the bucket is configured again.
    setEnv(s3.env);
    const again = await content(inDatabase.body.id);
    expect(Buffer.from(again.bytes).equals(SAMPLES.png)).toBe(true);
  });

  it('claims, lists and serves bucket rows through the same routes', async () => {
    setEnv(s3.env);
    const pdf = await upload(SAMPLES.pdf, 'scan.png');
    expect(pdf.body.contentType).toBe('application/pdf');
    const comment = await api.post(`/tickets/${ticketId}/comments`, { token, body: { content: 'scan attached', attachmentIds: [pdf.body.id] } });
    expect(comment.status).toBe(201);
    expect(comment.body.attachments[0]).toMatchObject({ id: pdf.body.id, commentId: comment.body.id });
    const served = await content(pdf.body.id);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="scan\.png\.pdf"/);
    expect(Buffer.from(served.bytes).equals(SAMPLES.pdf)).toBe(true);
  });

  it('removes bucket objects through the worker when an attachment is deleted or swept', async () => {
    setEnv(s3.env);
    const deleted = (await upload(SAMPLES.png)).body.id;
    const stale = (await upload(SAMPLES.png)).body.id;
    expect((await api.delete(`/tickets/${ticketId}/attachments/${deleted}`, { token })).status).toBe(204);
    expect(await db.ticketAttachment.findUnique({ where: { id: deleted } })).toBeNull();
    expect(await pendingJobCount('delete_attachment_object')).toBe(1);
    expect(await s3.getObject(`ticket-attachments/${deleted}`)).not.toBeNull();
    await runDueJobs();
    expect(await s3.getObject(`ticket-attachments/${deleted}`)).toBeNull();

    await db.$executeRaw`update ticket_attachments set created_at = now() - interval '25 hours' where id = ${stale}::uuid`;
    await enqueueJob(db, 'purge_pending_attachments', {});
    await runDueJobs();
    expect(await db.ticketAttachment.findUnique({ where: { id: stale } })).toBeNull();
    expect(await s3.getObject(`ticket-attachments/${stale}`)).toBeNull();
    expect(await pendingJobCount('delete_attachment_object')).toBe(0);
  });

  it('answers 503 STORAGE_UNAVAILABLE when the bucket cannot be reached, and writes nothing', async () => {
    setEnv(s3.env);
    const stored = (await upload(SAMPLES.png)).body.id;
    const countBefore = await db.ticketAttachment.count();
    setEnv({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const refused = await upload(SAMPLES.png);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('STORAGE_UNAVAILABLE');
    expect(await db.ticketAttachment.count()).toBe(countBefore);
    const unreadable = await content(stored);
    expect(unreadable.status).toBe(503);
    expect(unreadable.body.error.code).toBe('STORAGE_UNAVAILABLE');
    // Object removal waits in the queue while the store is down, and is not lost.
    expect((await api.delete(`/tickets/${ticketId}/attachments/${stored}`, { token })).status).toBe(204);
    await runDueJobs();
    expect(await pendingJobCount('delete_attachment_object')).toBe(1);
    expect(await s3.getObject(`ticket-attachments/${stored}`)).not.toBeNull();
    setEnv(s3.env);
    expect(await makeJobsDue(['delete_attachment_object'])).toBe(1);
    await runDueJobs();
    expect(await s3.getObject(`ticket-attachments/${stored}`)).toBeNull();
  });
});
