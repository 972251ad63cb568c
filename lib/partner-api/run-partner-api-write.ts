// The common path of a partner-API write: the budgets, then the write in one transaction. With
// `X-Idempotency-Key` the first answer is stored (sealed: it may hold a raw key) with the write
// itself; a repeat of the key returns that answer without writing (or minting) again. A
// concurrent repeat waits on the key's row and then replays; a failed write stores nothing, so
// the key can be retried. The same key with another body or route is refused (409).
import { db, type Tx } from '@/lib/db';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { jsonResponse } from '@/lib/http/define-route';
import { decryptSecret, encryptSecret, sha256Hex } from '@/lib/auth/secrets';
import { writeAudit } from '@/lib/audit/write-audit';
import { consumePartnerApiBudgets } from '@/lib/partner-api/consume-partner-api-budgets';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const STATUS = 201;

export interface PartnerApiWrite<T> {
  route: string;
  body: unknown;
  kind: 'write' | 'mint';
  /** Audit action of the write (the replay is audited as `<action>.replay`). */
  action: string;
  run: (tx: Tx) => Promise<T>;
}

export async function runPartnerApiWrite<T>(ctx: ServicePrincipalContext, req: Request, write: PartnerApiWrite<T>): Promise<Response> {
  const idempotencyKey = req.headers.get('x-idempotency-key');
  if (idempotencyKey === null) {
    await consumePartnerApiBudgets(ctx, write.kind);
    return jsonResponse(await db.$transaction((tx) => write.run(tx)), STATUS);
  }
  if (!KEY_PATTERN.test(idempotencyKey)) {
    throw badRequest('X-Idempotency-Key must be 1–255 visible ASCII characters', [{ path: 'header.X-Idempotency-Key', message: 'Invalid' }]);
  }
  const requestHash = sha256Hex(JSON.stringify([write.route, write.body]));
  const where = { servicePrincipalId_key: { servicePrincipalId: ctx.servicePrincipalId, key: idempotencyKey } };

  const earlier = await db.partnerApiIdempotencyKey.findUnique({ where });
  if (earlier) return replay(ctx, write, earlier, requestHash);

  await consumePartnerApiBudgets(ctx, write.kind);
  const outcome = await db.$transaction(async (tx) => {
    // Waits for a concurrent holder of the key; inserts nothing when it committed first.
    const inserted = await tx.$executeRaw`
      insert into partner_api_idempotency_keys (service_principal_id, key, route, request_hash)
      values (${ctx.servicePrincipalId}::uuid, ${idempotencyKey}, ${write.route}, ${requestHash})
      on conflict do nothing`;
    if (inserted === 0) return null;
    const result = await write.run(tx);
    await tx.partnerApiIdempotencyKey.update({ where, data: { status: STATUS, response: encryptSecret(JSON.stringify(result)) } });
    return result;
  }, { timeout: 15_000 });
  if (outcome === null) return replay(ctx, write, await db.partnerApiIdempotencyKey.findUniqueOrThrow({ where }), requestHash);
  return jsonResponse(outcome, STATUS, { 'Idempotency-Replayed': 'false' });
}

async function replay<T>(ctx: ServicePrincipalContext, write: PartnerApiWrite<T>, row: { route: string; requestHash: string; status: number; response: string | null }, requestHash: string) {
  if (row.route !== write.route || row.requestHash !== requestHash || !row.response) {
    throw conflict('This X-Idempotency-Key was used for a different request', 'IDEMPOTENCY_KEY_REUSED');
  }
  const body = decryptSecret(row.response);
  const parsed = JSON.parse(body) as { id?: string; orgId?: string };
  await writeAudit(ctx, { action: `${write.action}.replay`, targetType: write.action.split('.')[0], targetId: parsed.id ?? null, orgId: parsed.orgId ?? null });
  return new Response(body, { status: row.status, headers: { 'content-type': 'application/json; charset=utf-8', 'Idempotency-Replayed': 'true' } });
}
