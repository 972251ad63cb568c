// One query for lookup and authorization: a contact outside the caller's scope reads as missing.
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import { contactInclude, type ContactWithRefs } from '@/lib/contacts/to-contact-dto';

/** Live contacts of live organizations the caller sees. */
export function contactWhere(ctx: ScopedContext): Prisma.ContactWhereInput {
  return { ...tenantWhere(ctx), deletedAt: null, organization: orgWhere(ctx) };
}

export async function getContactOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<ContactWithRefs> {
  const contact = await client.contact.findFirst({ where: { AND: [{ id }, contactWhere(ctx)] }, include: contactInclude });
  if (!contact) throw notFound('Contact');
  return contact;
}

/** For writes, inside their transaction: the row is locked so concurrent edits apply in turn. */
export async function getContactForUpdateOrThrow(ctx: ScopedContext, id: string, tx: DbOrTx): Promise<ContactWithRefs> {
  await tx.$executeRaw`select 1 from contacts where id = ${id}::uuid for update`;
  return getContactOrThrow(ctx, id, tx);
}
