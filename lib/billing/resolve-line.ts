// Turns a line write (create or patch) into the line's complete state, applying the rules of
// doc 2 "Contract line": catalog item must exist (400 CATALOG_ITEM_NOT_FOUND) and, when it
// prices the line, have a usable price in the document currency (409 NO_PRICE_FOR_CURRENCY /
// PRICE_NOT_REPRESENTABLE); a site or group must belong to the document's organization (400
// SITE_NOT_IN_ORG / GROUP_NOT_IN_ORG); type and device-set type never change on a patch.
import type { DbOrTx } from '@/lib/db';
import { badRequest, conflict } from '@/lib/http/errors';
import { formatRate, money, toCents } from '@/lib/billing/money';
import { representable } from '@/lib/billing/currency';
import { lineStateProblem, type LineState, type LineType } from '@/lib/billing/line-fields';

export interface LineDocument {
  partnerId: string;
  orgId: string;
  currency: string;
}

/** Line fields a write may carry (quantity already mapped from the document's field name). */
export type LineWrite = Partial<Omit<LineState, 'type' | 'catalogItemId'>> & { catalogItemId?: string | null };

export const invalidLinePatch = (message: string) => badRequest(message, [], 'INVALID_LINE_PATCH');

export async function catalogPrice(client: DbOrTx, doc: LineDocument, catalogItemId: string): Promise<{ name: string; unitPrice: string }> {
  const item = await client.catalogItem.findFirst({
    where: { id: catalogItemId, partnerId: doc.partnerId, deletedAt: null },
    include: { prices: { where: { currency: doc.currency } } },
  });
  if (!item) throw badRequest('No such catalog item', [{ path: 'body.catalogItemId', message: 'Catalog item not found' }], 'CATALOG_ITEM_NOT_FOUND');
  const price = item.prices[0];
  if (!price) throw conflict(`Catalog item has no price in ${doc.currency}`, 'NO_PRICE_FOR_CURRENCY', { catalogItemId, currency: doc.currency });
  if (!representable(toCents(price.unitPrice), doc.currency)) {
    throw conflict(`Catalog price ${money(price.unitPrice)} cannot be represented in ${doc.currency}`, 'PRICE_NOT_REPRESENTABLE', { catalogItemId, currency: doc.currency });
  }
  return { name: item.name, unitPrice: money(price.unitPrice) };
}

async function checkCatalogItem(client: DbOrTx, doc: LineDocument, catalogItemId: string) {
  const item = await client.catalogItem.findFirst({ where: { id: catalogItemId, partnerId: doc.partnerId, deletedAt: null }, select: { name: true } });
  if (!item) throw badRequest('No such catalog item', [{ path: 'body.catalogItemId', message: 'Catalog item not found' }], 'CATALOG_ITEM_NOT_FOUND');
  return item;
}

async function checkScopeRefs(client: DbOrTx, doc: LineDocument, siteId: string | null | undefined, groupId: string | null | undefined) {
  if (siteId) {
    const site = await client.site.findFirst({ where: { id: siteId, orgId: doc.orgId, deletedAt: null }, select: { id: true } });
    if (!site) throw badRequest('The site does not belong to the document’s organization', [{ path: 'body.siteId', message: 'Site not in organization' }], 'SITE_NOT_IN_ORG');
  }
  if (groupId) {
    const group = await client.deviceGroup.findFirst({ where: { id: groupId, orgId: doc.orgId }, select: { id: true } });
    if (!group) throw badRequest('The device group does not belong to the document’s organization', [{ path: 'body.groupId', message: 'Group not in organization' }], 'GROUP_NOT_IN_ORG');
  }
}

function assertPriceRepresentable(doc: LineDocument, field: string, value: string | null) {
  if (value !== null && !representable(toCents(value), doc.currency)) {
    throw badRequest(`${field} cannot be represented in ${doc.currency}`, [{ path: `body.${field}`, message: `Not representable in ${doc.currency}` }]);
  }
}

/** A new line: defaults, catalog pricing and reference checks. */
export async function resolveNewLine(client: DbOrTx, doc: LineDocument, type: LineType, input: LineWrite): Promise<LineState> {
  let unitPrice = input.unitPrice ?? null;
  let description = input.description ?? null;
  if (input.catalogItemId) {
    if (unitPrice === null) {
      const priced = await catalogPrice(client, doc, input.catalogItemId);
      unitPrice = priced.unitPrice;
      description ??= priced.name;
    } else {
      // Checked whether or not the name is needed: an explicit description must not skip it.
      const item = await checkCatalogItem(client, doc, input.catalogItemId);
      description ??= item.name;
    }
  }
  if (unitPrice === null) throw badRequest('unitPrice is required without a catalog item', [{ path: 'body.unitPrice', message: 'Required' }]);
  if (description === null) throw badRequest('description is required without a catalog item', [{ path: 'body.description', message: 'Required' }]);
  const perDevice = type === 'per_device';
  const state: LineState = {
    type,
    catalogItemId: input.catalogItemId ?? null,
    description,
    unitPrice: money(unitPrice),
    quantity: perDevice ? (input.quantity ?? null) : money(input.quantity ?? '1'),
    taxRate: formatRate(input.taxRate ?? '0'),
    sortOrder: input.sortOrder ?? 0,
    deviceSetType: input.deviceSetType ?? null,
    siteId: input.siteId ?? null,
    groupId: input.groupId ?? null,
    roles: [...new Set(input.roles ?? [])],
    includedQuantity: input.includedQuantity ?? (perDevice ? 0 : null),
    overageMode: input.overageMode ?? (perDevice ? 'bill' : null),
    overagePrice: input.overagePrice != null ? money(input.overagePrice) : null,
  };
  const problem = lineStateProblem(state);
  if (problem) throw badRequest(problem, [{ path: 'body', message: problem }]);
  assertPriceRepresentable(doc, 'unitPrice', state.unitPrice);
  assertPriceRepresentable(doc, 'overagePrice', state.overagePrice);
  await checkScopeRefs(client, doc, state.siteId, state.groupId);
  return state;
}

/** A patched line: only the sent keys change; an empty or incoherent patch is 400 INVALID_LINE_PATCH. */
export async function resolvePatchedLine(client: DbOrTx, doc: LineDocument, current: LineState, patch: LineWrite & { type?: unknown; deviceSetType?: unknown }): Promise<LineState> {
  if (patch.type !== undefined) throw invalidLinePatch('type is immutable: remove the line and add it again');
  if (patch.deviceSetType !== undefined && patch.deviceSetType !== current.deviceSetType) {
    throw invalidLinePatch('deviceSetType is immutable: remove the line and add it again');
  }
  const keys = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined && k !== 'deviceSetType');
  if (!keys.length) throw invalidLinePatch('Nothing to change: send at least one patchable field');
  const next: LineState = { ...current };
  for (const key of keys) (next as unknown as Record<string, unknown>)[key] = (patch as Record<string, unknown>)[key];
  if (patch.catalogItemId && patch.catalogItemId !== current.catalogItemId) {
    if (patch.unitPrice === undefined) next.unitPrice = (await catalogPrice(client, doc, patch.catalogItemId)).unitPrice;
    else await checkCatalogItem(client, doc, patch.catalogItemId);
  }
  next.unitPrice = money(next.unitPrice);
  if (next.quantity !== null) next.quantity = money(next.quantity);
  if (next.overagePrice !== null) next.overagePrice = money(next.overagePrice);
  next.taxRate = formatRate(next.taxRate);
  next.roles = [...new Set(next.roles)];
  const problem = lineStateProblem(next);
  if (problem) throw invalidLinePatch(problem);
  assertPriceRepresentable(doc, 'unitPrice', next.unitPrice);
  assertPriceRepresentable(doc, 'overagePrice', next.overagePrice);
  await checkScopeRefs(client, doc, patch.siteId, patch.groupId);
  return next;
}
