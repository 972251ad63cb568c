// Helpers for identity-administration tests: custom roles and API keys made through the API.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import type { Permission } from '@/lib/auth/permissions';
import { api } from './http';
import { tokenFor } from './factories';

export async function makeRole(partner: { id: string }, permissions: Permission[], opts: { name?: string; scope?: 'partner' | 'organization' } = {}) {
  return db.role.create({
    data: { partnerId: partner.id, name: opts.name ?? `Custom ${randomBytes(3).toString('hex')}`, scope: opts.scope ?? 'partner', permissions },
  });
}

/** Creates an API key owned by `user` through POST /api-keys; returns the secret and the row id. */
export async function makeApiKey(user: { id: string }, scopes: Permission[], extra: Record<string, unknown> = {}) {
  const token = await tokenFor(user, { mfa: true });
  const res = await api.post('/api-keys', { token, body: { name: `key ${randomBytes(3).toString('hex')}`, scopes, ...extra } });
  if (res.status !== 201) throw new Error(`could not create API key: ${res.status} ${res.text}`);
  return { id: res.body.id as string, key: res.body.key as string, body: res.body };
}

export const withKey = (key: string) => ({ headers: { 'x-api-key': key } });
