// HTTP tunnels: the web UI of something the device reaches (itself, a printer or switch on its
// LAN) served to a technician under /api/v1/tunnel-http/:tunnelId/. What a tunnel may target is
// the TUNNEL_ALLOWED_TARGETS setting: `device` (loopback only) or `lan` (also private and
// link-local addresses, and host names the device resolves). The agent checks again against its
// own interfaces (agent/src/remote/tunnel.ts), so a server-side mistake cannot reach further.
import net from 'node:net';
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { RemoteTunnel } from '@/lib/generated/prisma/client';
import { AppError, badRequest, conflict, notFound } from '@/lib/http/errors';
import { safeEqual } from '@/lib/auth/secrets';
import { tenantWhere } from '@/lib/tenancy/scope';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { writeAudit } from '@/lib/audit/write-audit';
import { mintTicket } from '@/lib/remote/tickets';
import type { ZCreateTunnel } from '@/lib/remote/schemas';

export const TUNNEL_TICKET_SECONDS = 5 * 60;
export const TUNNEL_COOKIE = 'rmm_tunnel';
export const TUNNEL_COOKIE_SECONDS = 60 * 60;
export const tunnelPrefix = (id: string) => `/api/v1/tunnel-http/${id}`;

export function toTunnelDto(t: RemoteTunnel, deviceHostname: string | null) {
  return {
    id: t.id,
    deviceId: t.deviceId,
    deviceHostname,
    orgId: t.orgId,
    targetHost: t.targetHost,
    targetPort: t.targetPort,
    status: t.status as 'open' | 'closed',
    proxyPath: `${tunnelPrefix(t.id)}/`,
    createdAt: t.createdAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  };
}

function v4(address: string): number[] | null {
  return net.isIPv4(address) ? address.split('.').map(Number) : null;
}

/** Why the server refuses `host` as a tunnel target under `scope`, or null. */
export function tunnelTargetRefusal(host: string, scope: 'device' | 'lan'): string | null {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return null;
  const ip4 = v4(h.replace(/^::ffff:/, ''));
  if (ip4) {
    const [a, b] = ip4;
    if (a === 127) return null;
    if (scope === 'device') return 'only the device itself (loopback) may be targeted (TUNNEL_ALLOWED_TARGETS=device)';
    if (h.endsWith('169.254.169.254')) return 'cloud metadata addresses are never a target';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) return null;
    return 'not a private (LAN) address';
  }
  if (net.isIPv6(h)) {
    if (h === '::1') return null;
    if (scope === 'device') return 'only the device itself (loopback) may be targeted (TUNNEL_ALLOWED_TARGETS=device)';
    if (/^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h)) return h === 'fd00:ec2::254' ? 'cloud metadata addresses are never a target' : null;
    return 'not a private (LAN) address';
  }
  // A name is resolved on the device, whose agent checks the address it resolved to.
  if (scope === 'device') return 'only the device itself (127.0.0.1, ::1, localhost) may be targeted (TUNNEL_ALLOWED_TARGETS=device)';
  return null;
}

export async function getTunnelOrThrow(ctx: ScopedContext, id: string): Promise<RemoteTunnel> {
  const tunnel = await db.remoteTunnel.findFirst({ where: { AND: [{ id }, tenantWhere(ctx)] } });
  if (!tunnel) throw notFound('Tunnel');
  return tunnel;
}

export async function createTunnel(ctx: ActorContext, input: z.output<typeof ZCreateTunnel>) {
  const device = await getDeviceOrThrow(ctx, input.deviceId);
  if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: it takes no tunnels`);
  const refusal = tunnelTargetRefusal(input.targetHost, env().TUNNEL_ALLOWED_TARGETS);
  if (refusal) throw badRequest(`${input.targetHost} is not an allowed tunnel target: ${refusal}`, [{ path: 'targetHost', message: refusal }], 'TUNNEL_TARGET_NOT_ALLOWED');
  const tunnel = await db.remoteTunnel.create({
    data: { partnerId: device.partnerId, orgId: device.orgId, deviceId: device.id, userId: ctx.userId, targetHost: input.targetHost, targetPort: input.targetPort },
  });
  await writeAudit(ctx, {
    action: 'tunnel.create',
    targetType: 'tunnel',
    targetId: tunnel.id,
    partnerId: tunnel.partnerId,
    orgId: tunnel.orgId,
    details: { deviceId: device.id, hostname: device.hostname, target: `${tunnel.targetHost}:${tunnel.targetPort}` },
  });
  return toTunnelDto(tunnel, device.hostname);
}

/** Hostnames of the tunnels' devices (ids taken from tunnels already in the caller's scope). */
async function deviceHostnames(deviceIds: string[]): Promise<Map<string, string>> {
  const rows = await db.device.findMany({ where: { id: { in: [...new Set(deviceIds)] } }, select: { id: true, hostname: true } });
  return new Map(rows.map((r) => [r.id, r.hostname]));
}

export async function getTunnel(ctx: ScopedContext, id: string) {
  const tunnel = await getTunnelOrThrow(ctx, id);
  return toTunnelDto(tunnel, (await deviceHostnames([tunnel.deviceId])).get(tunnel.deviceId) ?? null);
}

export async function listTunnels(ctx: ScopedContext, deviceId?: string) {
  const rows = await db.remoteTunnel.findMany({ where: { AND: [tenantWhere(ctx), { status: 'open' }, deviceId ? { deviceId } : {}] }, orderBy: { createdAt: 'desc' }, take: 200 });
  const names = await deviceHostnames(rows.map((r) => r.deviceId));
  return { data: rows.map((t) => toTunnelDto(t, names.get(t.deviceId) ?? null)) };
}

export async function closeTunnel(ctx: ActorContext, id: string): Promise<void> {
  const tunnel = await getTunnelOrThrow(ctx, id);
  if (tunnel.status === 'closed') return;
  await db.remoteTunnel.updateMany({ where: { id: tunnel.id, status: 'open' }, data: { status: 'closed', closedAt: new Date() } });
  await writeAudit(ctx, { action: 'tunnel.close', targetType: 'tunnel', targetId: tunnel.id, partnerId: tunnel.partnerId, orgId: tunnel.orgId, details: { deviceId: tunnel.deviceId } });
}

export async function mintHttpTicket(ctx: ActorContext, id: string) {
  const tunnel = await getTunnelOrThrow(ctx, id);
  if (tunnel.status !== 'open') throw conflict('The tunnel is closed: open a new one', 'TUNNEL_CLOSED');
  const t = await mintTicket({ purpose: 'tunnel_http', partnerId: tunnel.partnerId, orgId: tunnel.orgId, userId: ctx.userId, tunnelId: tunnel.id, ttlSeconds: TUNNEL_TICKET_SECONDS });
  await writeAudit(ctx, { action: 'tunnel.http_ticket', targetType: 'tunnel', targetId: tunnel.id, partnerId: tunnel.partnerId, orgId: tunnel.orgId, details: { deviceId: tunnel.deviceId } });
  return { ticket: t.secret, expiresAt: t.expiresAt.toISOString(), url: `${tunnelPrefix(tunnel.id)}/?rmm_ticket=${encodeURIComponent(t.secret)}` };
}

// ---- the path-scoped cookie ----

function cookieMac(tunnelId: string, userId: string, expires: number): string {
  return createHmac('sha256', env().JWT_SECRET).update(`tunnel-http:${tunnelId}:${userId}:${expires}`).digest('base64url');
}

/** The signed cookie a redeemed ticket sets: valid for this tunnel only, for an hour. */
export function tunnelCookieValue(tunnelId: string, userId: string, now = Date.now()): { value: string; expires: Date } {
  const expires = Math.floor(now / 1000) + TUNNEL_COOKIE_SECONDS;
  return { value: `${userId}.${expires}.${cookieMac(tunnelId, userId, expires)}`, expires: new Date(expires * 1000) };
}

/** The user the cookie was issued to when it is valid for `tunnelId`, else null. */
export function verifyTunnelCookie(tunnelId: string, value: string | undefined): string | null {
  if (!value || value.length > 300) return null;
  const [userId, exp, mac] = value.split('.');
  const expires = Number(exp);
  if (!userId || !mac || !Number.isInteger(expires) || expires * 1000 < Date.now()) return null;
  return safeEqual(mac, cookieMac(tunnelId, userId, expires)) ? userId : null;
}

// ---- the same credential as a capability in the path ----
// Browsers that block third-party cookies send none with the requests of a sandboxed (opaque
// origin) page, so a proxied page's fetches, subresources and WebSockets would arrive without the
// cookie. The redeemed ticket therefore also leads to /api/v1/tunnel-http/:id/~cap/<token>/, where
// <token> is the cookie's value (base64url): relative URLs in the device's pages keep that prefix
// by themselves. It grants what the cookie grants: this tunnel, for this user, until it expires.

export const TUNNEL_CAPABILITY_SEGMENT = '~cap';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,400}$/;

/** The path token carrying a signed tunnel cookie value. */
export function tunnelCapabilityToken(cookieValue: string): string {
  return Buffer.from(cookieValue, 'utf8').toString('base64url');
}

/** The browser-facing prefix of a tunnel reached through its path token. */
export const tunnelCapabilityPrefix = (tunnelId: string, token: string) => `${tunnelPrefix(tunnelId)}/${TUNNEL_CAPABILITY_SEGMENT}/${token}`;

/** The user a path token was issued to when it is valid for `tunnelId` (signature, expiry, tunnel), else null. */
export function verifyTunnelToken(tunnelId: string, token: string | undefined): string | null {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  return verifyTunnelCookie(tunnelId, Buffer.from(token, 'base64url').toString('utf8'));
}
