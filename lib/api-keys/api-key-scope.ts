// Which keys a caller sees: its own, and — with users:manage — the keys of every user it can
// see (so administrators can find and revoke them). Only owners change or rotate a key.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { userWhere } from '@/lib/users/user-scope';

// A plugin's credential is managed through its installation (uninstall revokes it), not here.
export function apiKeyWhere(ctx: ActorContext): Prisma.ApiKeyWhereInput {
  if (!ctx.permissions.has('users:manage')) return { userId: ctx.userId, pluginInstallation: { is: null } };
  return { pluginInstallation: { is: null }, OR: [{ userId: ctx.userId }, { owner: userWhere(ctx) }] };
}

export const apiKeyInclude = { owner: { select: { id: true, email: true, name: true } } } satisfies Prisma.ApiKeyInclude;
export type ApiKeyWithOwner = Prisma.ApiKeyGetPayload<{ include: typeof apiKeyInclude }>;

export function statusWhere(status: 'active' | 'expired' | 'revoked', now = new Date()): Prisma.ApiKeyWhereInput {
  if (status === 'revoked') return { revokedAt: { not: null } };
  if (status === 'expired') return { revokedAt: null, expiresAt: { lte: now } };
  return { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}
