// A real OpenID Connect provider (the certified `oidc-provider` package) for tests and demos,
// on a loopback port, with one confidential client whose redirect URI is the service's SSO
// callback. Its interaction step signs in whichever account the caller queued with `nextLogin`
// (no form to fill), so a browser-less test and a browser journey can both drive the whole
// authorization-code flow. An account's `amr` becomes the ID token's `amr`.
//
// Also a tampering front (`startTamperingFront`): the same provider seen through another issuer
// URL whose token endpoint re-signs the ID token with chosen defects (wrong issuer, audience,
// nonce, expiry, or a key the provider never published), to prove the service refuses each.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey as JoseKey } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
  amr?: string[];
}

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in interaction completes as. */
  nextLogin(account: IdpAccount): void;
  signingKey: JoseKey;
  kid: string;
  close(): Promise<void>;
}

function track(server: http.Server) {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: http.Server, port = 0, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
}

/** `host`: the address to listen on (default loopback; a browser journey against a production build needs a private one). */
export async function startOidcIdp(opts: { redirectUris: string[]; port?: number; host?: string; clientId?: string; clientSecret?: string }): Promise<OidcIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'sandbox-key-1';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const clientId = opts.clientId ?? 'rmm-service';
  const clientSecret = opts.clientSecret ?? 'sandbox-client-secret-0123456789';
  const accounts = new Map<string, IdpAccount>();
  let queued: IdpAccount | null = null;

  const server = http.createServer();
  const close = track(server);
  const issuer = await listen(server, opts.port, opts.host);
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    cookies: { keys: ['sandbox-cookie-key-0123456789'] },
    // acr, amr and auth_time ride on the openid scope so every ID token carries them, as at real IdPs.
    claims: { iss: null, sid: null, openid: ['sub', 'acr', 'amr', 'auth_time'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // Scope claims go into the ID token too (the relying party reads them there).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: a.email, email_verified: a.emailVerified ?? true, name: a.name, groups: a.groups }) };
    },
    // Consent is implied: the sandbox stands for an IdP whose admin pre-approved the app.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  } as ConstructorParameters<typeof Provider>[1]);
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        const account = queued;
        if (!account) {
          res.writeHead(409, { 'content-type': 'text/plain' }).end('No sign-in queued (nextLogin)');
          return;
        }
        accounts.set(account.sub, account);
        await provider.interactionFinished(req, res, { login: { accountId: account.sub, amr: account.amr ?? ['pwd'] } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    nextLogin: (account) => {
      queued = account;
    },
    signingKey: privateKey,
    kid,
    close,
  };
}

const HOP_BY_HOP = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect']);

export type TamperMode = 'none' | 'issuer' | 'audience' | 'signature' | 'nonce' | 'expired';

export interface TamperingFront {
  issuer: string;
  mode: TamperMode;
  close(): Promise<void>;
}

/**
 * The provider behind another issuer URL. Discovery names this URL as issuer and routes the
 * token and key endpoints through it; the browser still signs in at the provider itself. The
 * ID token is re-signed with the provider's own key and this issuer (mode `none`: a valid
 * token), then spoiled as the mode says.
 */
export async function startTamperingFront(idp: OidcIdp): Promise<TamperingFront> {
  const { privateKey: foreignKey } = await generateKeyPair('RS256');
  const server = http.createServer();
  const close = track(server);
  const front: TamperingFront = { issuer: '', mode: 'none', close };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(`${idp.issuer}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)).map(([k, v]) => [k, String(v)])),
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      let body = await upstream.text();
      if (req.url?.startsWith('/.well-known/openid-configuration')) {
        const doc = JSON.parse(body) as Record<string, unknown>;
        doc.issuer = front.issuer;
        doc.token_endpoint = `${front.issuer}/token`;
        doc.jwks_uri = `${front.issuer}/jwks`;
        delete doc.authorization_response_iss_parameter_supported;
        body = JSON.stringify(doc);
      } else if (req.url?.startsWith('/token') && upstream.ok) {
        const tokens = JSON.parse(body) as { id_token: string };
        const claims = { ...decodeJwt(tokens.id_token), iss: front.issuer } as Record<string, unknown>;
        const now = Math.floor(Date.now() / 1000);
        if (front.mode === 'issuer') claims.iss = idp.issuer;
        if (front.mode === 'audience') claims.aud = 'some-other-client';
        if (front.mode === 'nonce') claims.nonce = 'forged-nonce';
        if (front.mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
        tokens.id_token = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: idp.kid, typ: 'JWT' })
          .sign(front.mode === 'signature' ? foreignKey : idp.signingKey);
        body = JSON.stringify(tokens);
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(body);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  front.issuer = await listen(server);
  return front;
}
