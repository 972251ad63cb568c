// Uploaded logos: one image per branding level, stored in PostgreSQL (portal_branding_logos),
// its type decided by sniffing the bytes like ticket attachments. Served publicly (the sign-in
// page shows it) by GET /portal/logos/:id; nothing is ever fetched from elsewhere.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { readSingleFileUpload } from '@/lib/tickets/attachments/read-single-file-upload';
import { etagOf, ifNoneMatchHits } from '@/lib/tickets/attachments/serve-attachment';
import { findBrandingRow, lockBrandingTarget, type BrandingTarget } from '@/lib/portal/branding/branding-target';
import { getBranding } from '@/lib/portal/branding/get-branding';

export const MAX_LOGO_BYTES = 512 * 1024;
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export async function uploadBrandingLogo(ctx: ActorContext, target: BrandingTarget, req: Request) {
  let file;
  try {
    file = await readSingleFileUpload(req, MAX_LOGO_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ATTACHMENT_TOO_LARGE') throw new AppError('LOGO_TOO_LARGE', 413, 'Logos are limited to 512 KiB', [], error.headers);
    if (error instanceof AppError && error.code === 'UNSUPPORTED_ATTACHMENT_TYPE') throw unsupportedLogo(error.headers);
    throw error;
  }
  if (!LOGO_TYPES.has(file.contentType)) throw unsupportedLogo();
  return db.$transaction(async (tx) => {
    await lockBrandingTarget(tx, target);
    const current = await findBrandingRow(tx, target);
    const meta = { logoContentType: file.contentType, logoSha256: file.sha256, logoSizeBytes: file.data.length };
    const row = current
      ? await tx.portalBranding.update({ where: { id: current.id }, data: meta })
      : await tx.portalBranding.create({ data: { partnerId: target.partnerId, orgId: target.orgId, ...meta } });
    const data = new Uint8Array(file.data);
    await tx.portalBrandingLogo.upsert({ where: { brandingId: row.id }, create: { brandingId: row.id, data }, update: { data } });
    await writeAudit(ctx, {
      action: 'portal_branding.logo_upload',
      targetType: target.orgId ? 'organization' : 'partner',
      targetId: target.orgId ?? target.partnerId,
      partnerId: target.partnerId,
      orgId: target.orgId,
      details: { contentType: file.contentType, sizeBytes: file.data.length, sha256: file.sha256 },
    }, tx);
    return getBranding(target, tx);
  });
}

const unsupportedLogo = (headers?: Record<string, string>) =>
  new AppError('UNSUPPORTED_LOGO_TYPE', 415, 'Logos must be PNG, JPEG or WebP images (decided from the file content)', [], headers);

export async function deleteBrandingLogo(ctx: ActorContext, target: BrandingTarget) {
  return db.$transaction(async (tx) => {
    await lockBrandingTarget(tx, target);
    const current = await findBrandingRow(tx, target);
    if (current?.logoSha256) {
      await tx.portalBrandingLogo.deleteMany({ where: { brandingId: current.id } });
      await tx.portalBranding.update({ where: { id: current.id }, data: { logoContentType: null, logoSha256: null, logoSizeBytes: null } });
      await writeAudit(ctx, { action: 'portal_branding.logo_delete', targetType: target.orgId ? 'organization' : 'partner', targetId: target.orgId ?? target.partnerId, partnerId: target.partnerId, orgId: target.orgId }, tx);
    }
    return getBranding(target, tx);
  });
}

/** GET /portal/logos/:id — public bytes of an uploaded logo. */
export async function serveBrandingLogo(brandingId: string, ifNoneMatch: string | null): Promise<Response> {
  const row = await db.portalBranding.findFirst({
    where: { id: brandingId, logoSha256: { not: null }, partner: { deletedAt: null } },
    select: { logoContentType: true, logoSha256: true, logoSizeBytes: true, logo: true },
  });
  if (!row?.logo || !row.logoSha256 || !row.logoContentType) throw notFound('Logo');
  const etag = etagOf({ sha256: row.logoSha256 });
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  };
  if (ifNoneMatchHits(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(row.logo.data), {
    status: 200,
    headers: { ...headers, 'content-type': row.logoContentType, 'content-length': String(row.logo.data.length), 'content-disposition': 'inline' },
  });
}
