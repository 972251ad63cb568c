// The closing log line of each request: at info, except the successes of a route that asks for
// debug (the heartbeat, which the whole fleet calls every interval). Failures stay at info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { defineRoute } from '@/lib/http/define-route';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';

type Route = ReturnType<typeof defineRoute>;

let token: string;
let level: string;

beforeAll(async () => {
  const partner = await makePartner();
  await makeOrg(partner.id);
  token = await tokenFor(await makePartnerUser(partner));
  level = logger.level;
  logger.level = 'debug';
});

afterAll(() => {
  logger.level = level;
});

/**
 * The levels ('info', 'debug') of the request's closing line ('request'), read from what the real
 * logger writes: its stream is swapped for the call (child loggers write to their parent's).
 */
async function closingLines(route: Route): Promise<{ status: number; levels: string[] }> {
  const lines: { level: number; msg: string }[] = [];
  const holder = logger as unknown as Record<symbol, unknown>;
  const original = holder[pino.symbols.streamSym];
  holder[pino.symbols.streamSym] = { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) };
  try {
    const res = await route(new Request('http://localhost:3000/api/v1/access-log-probe', { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
    return { status: res.status, levels: lines.filter((l) => l.msg === 'request').map((l) => pino.levels.labels[l.level]) };
  } finally {
    holder[pino.symbols.streamSym] = original;
  }
}

const base = { summary: 'Access log probe', audit: false as const, auth: 'user' as const, permission: 'none' as const };

describe('request log line', () => {
  it('is written at info by default', async () => {
    const route = defineRoute({ ...base, handler: ({ ctx }) => (decideSelf(ctx, 'probe'), { ok: true }) });
    expect(await closingLines(route)).toEqual({ status: 200, levels: ['info'] });
  });

  it('is written at debug for the success of a route that asks for it', async () => {
    const route = defineRoute({ ...base, accessLog: 'debug', handler: ({ ctx }) => (decideSelf(ctx, 'probe'), { ok: true }) });
    expect(await closingLines(route)).toEqual({ status: 200, levels: ['debug'] });
  });

  it('stays at info when such a route fails', async () => {
    const route = defineRoute({
      ...base,
      accessLog: 'debug',
      handler: ({ ctx }) => {
        decideSelf(ctx, 'probe');
        throw new AppError('NOT_FOUND', 404, 'Resource not found');
      },
    });
    expect(await closingLines(route)).toEqual({ status: 404, levels: ['info'] });
  });
});
