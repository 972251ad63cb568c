// Contract of remote access: terminal and desktop sessions, their one-time tickets, desktop
// signalling and HTTP tunnels (doc 1 "Remote access and network proxy"; docs/REMOTE-ACCESS.md).
import { z } from 'zod';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';

export const SESSION_TYPES = ['terminal', 'desktop'] as const;
export const SESSION_STATUSES = ['pending', 'active', 'ended', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const ZCreateRemoteSession = z
  .object({
    deviceId: z.string().uuid(),
    type: z.enum(SESSION_TYPES).default('terminal'),
    cols: z.number().int().min(10).max(1000).default(80).describe('Terminal width in columns'),
    rows: z.number().int().min(4).max(500).default(24).describe('Terminal height in rows'),
  })
  .strict()
  .meta({ id: 'RemoteSessionCreate' });

export const ZRemoteSession = z
  .object({
    id: z.string().uuid(),
    deviceId: z.string().uuid(),
    deviceHostname: z.string().nullable(),
    orgId: z.string().uuid(),
    type: z.enum(SESSION_TYPES),
    status: z.enum(SESSION_STATUSES).describe('pending → active → ended; pending or active → failed. See docs/REMOTE-ACCESS.md'),
    endReason: z.string().nullable(),
    userId: z.string().uuid().nullable(),
    userEmail: z.string().nullable(),
    cols: z.number().int(),
    rows: z.number().int(),
    createdAt: ZTimestamp,
    startedAt: ZTimestamp.nullable(),
    endedAt: ZTimestamp.nullable(),
    durationSeconds: z.number().int().nullable(),
    transcript: z
      .object({ bytes: z.number().int(), truncated: z.boolean(), url: z.string().describe('GET to download (text/plain, the raw terminal output)') })
      .nullable()
      .describe('The terminal output kept for review (size-capped); null until the session ended, and for desktop sessions'),
  })
  .meta({ id: 'RemoteSession' });

export const ZRemoteSessionPage = ZPageOf(ZRemoteSession).meta({ id: 'RemoteSessionPage' });

export const ZListRemoteSessionsQuery = pageQuery(50, 100).extend({
  deviceId: z.string().uuid().optional(),
  type: z.enum(SESSION_TYPES).optional(),
});
export const ZRemoteHistoryQuery = ZListRemoteSessionsQuery.extend({
  status: z.enum(['ended', 'failed']).optional(),
  userId: z.string().uuid().optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

export const ZWsTicket = z
  .object({
    ticket: z.string(),
    expiresAt: ZTimestamp,
    url: z.string().describe('Path of the WebSocket to open (relative to the API origin, `ws:`/`wss:`), ticket included'),
  })
  .meta({ id: 'RemoteWsTicket' });

export const ZStaleResult = z.object({ ended: z.number().int(), ids: z.array(z.string().uuid()) }).meta({ id: 'RemoteStaleResult' });

export const ZOfferInput = z.object({ sdp: z.string().min(1).max(100_000), type: z.literal('offer').default('offer') }).strict().meta({ id: 'RemoteOfferInput' });
export const ZIceCandidate = z
  .object({
    candidate: z.string().max(2000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  })
  .strict()
  .meta({ id: 'RemoteIceCandidate' });
export const ZIceInput = z.object({ candidates: z.array(ZIceCandidate).min(1).max(50) }).strict().meta({ id: 'RemoteIceInput' });
export const ZAnswer = z
  .object({ type: z.literal('answer'), sdp: z.string(), candidates: z.array(ZIceCandidate).describe('The agent’s candidates gathered so far') })
  .meta({ id: 'RemoteDesktopAnswer' });
export const ZIceResult = z.object({ candidates: z.array(ZIceCandidate).describe('Candidates the agent sent since the offer') }).meta({ id: 'RemoteIceResult' });
export const ZIceServers = z
  .object({
    iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
    ttlSeconds: z.number().int().nullable(),
  })
  .meta({ id: 'RemoteIceServers' });
export const ZConnectCode = z.object({ code: z.string(), expiresAt: ZTimestamp }).meta({ id: 'RemoteDesktopConnectCode' });
export const ZRedeemConnectCode = z
  .object({ code: z.string().trim().min(1).max(200).describe('The code of POST /remote/sessions/:id/desktop-connect-code, as the technician pasted it') })
  .strict()
  .meta({ id: 'RemoteDesktopConnectRedeem' });
export const ZDesktopViewerGrant = z
  .object({
    sessionId: z.string().uuid(),
    deviceId: z.string().uuid(),
    deviceName: z.string(),
    status: z.enum(SESSION_STATUSES),
    iceServers: ZIceServers.shape.iceServers,
    ttlSeconds: ZIceServers.shape.ttlSeconds,
    viewerToken: z.string().describe('Signalling credential of this session for POST /remote/desktop-connect/signal; no other use'),
    expiresAt: ZTimestamp.describe('When viewerToken stops being accepted'),
    signalUrl: z.string().describe('Where the viewer posts its offer and candidates'),
  })
  .meta({ id: 'RemoteDesktopViewerGrant' });
export const ZViewerSignal = z
  .discriminatedUnion('type', [
    z.object({ viewerToken: z.string().min(1).max(500), type: z.literal('offer'), sdp: z.string().min(1).max(100_000) }).strict(),
    z.object({ viewerToken: z.string().min(1).max(500), type: z.literal('ice'), candidates: z.array(ZIceCandidate).min(1).max(50) }).strict(),
  ])
  .meta({ id: 'RemoteDesktopViewerSignal' });
export const ZViewerSignalResult = z.union([ZAnswer, ZIceResult]).meta({ id: 'RemoteDesktopViewerSignalResult' });

// ---- tunnels ----

const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+|[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*)$/, 'An IP address or a host name');

export const ZCreateTunnel = z
  .object({
    deviceId: z.string().uuid(),
    targetHost: host.default('127.0.0.1').describe('As seen from the device: the device itself (127.0.0.1, localhost) or, when TUNNEL_ALLOWED_TARGETS is lan, an address on its LAN'),
    targetPort: z.number().int().min(1).max(65535),
  })
  .strict()
  .meta({ id: 'TunnelCreate' });

export const ZTunnel = z
  .object({
    id: z.string().uuid(),
    deviceId: z.string().uuid(),
    deviceHostname: z.string().nullable().describe('The device’s hostname; null when the device was deleted'),
    orgId: z.string().uuid(),
    targetHost: z.string(),
    targetPort: z.number().int(),
    status: z.enum(['open', 'closed']),
    proxyPath: z.string().describe('Where the proxied web UI is served, once a ticket was redeemed there'),
    createdAt: ZTimestamp,
    closedAt: ZTimestamp.nullable(),
    lastUsedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'Tunnel' });

export const ZHttpTicket = z
  .object({
    ticket: z.string(),
    expiresAt: ZTimestamp,
    url: z.string().describe('Open this path in the browser: it redeems the ticket, sets the tunnel cookie and redirects to the proxied root'),
  })
  .meta({ id: 'TunnelHttpTicket' });
