// The customer's view of an invoice through its link: no account, the signed token is the key.
// A token of an earlier link version (before reset-link) answers 404 like any unknown link.
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { readLinkToken } from '@/lib/billing/customer-link';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { defaultBranding } from '@/lib/portal/branding/effective-branding';
import { invoiceInclude, toInvoiceDto, type InvoiceWithLines } from '@/lib/invoices/to-invoice-dto';

export async function findInvoiceByToken(token: string): Promise<InvoiceWithLines> {
  const ref = readLinkToken('invoice', token);
  const invoice = ref
    ? await db.invoice.findFirst({
        where: { id: ref.id, linkVersion: ref.version, status: { not: 'draft' }, organization: { deletedAt: null, partner: { deletedAt: null } } },
        include: invoiceInclude,
      })
    : null;
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

export async function getPublicInvoice(token: string) {
  const invoice = await findInvoiceByToken(token);
  const dto = toInvoiceDto(invoice);
  const org = await db.organization.findUnique({ where: { id: invoice.orgId }, select: { name: true } });
  const branding = (await brandingForOrganization(invoice.orgId))?.branding ?? defaultBranding();
  const { partnerId: _p, createdAt: _c, updatedAt: _u, resendCount: _r, lastResentAt: _l, ...visible } = dto;
  return {
    data: {
      invoice: visible,
      customerName: org?.name ?? '',
      branding: { name: branding.name, logoUrl: branding.logoUrl, colors: branding.colors, support: branding.support },
      amountDue: dto.status === 'issued' ? dto.total : '0.00',
    },
  };
}
