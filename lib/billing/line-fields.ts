// The line shape shared by contract, quote and invoice lines: money strings, tax rate, sort
// order, catalog reference, and for per-device lines the device set (organization-wide, a site,
// device roles or a device group) with its included quantity and overage rule.
import { z } from 'zod';
import { deviceSetFields, DEVICE_SET_TYPES, ZMoney, ZSortOrder, ZTaxRate } from '@/lib/billing/schemas';

export type LineType = 'manual' | 'per_device' | 'one_time';
export type DeviceSetType = (typeof DEVICE_SET_TYPES)[number];

/** A line's complete state (after defaults, or after merging a patch). Money as strings. */
export interface LineState {
  type: LineType;
  catalogItemId: string | null;
  description: string;
  unitPrice: string;
  quantity: string | null;
  taxRate: string;
  sortOrder: number;
  deviceSetType: DeviceSetType | null;
  siteId: string | null;
  groupId: string | null;
  roles: string[];
  includedQuantity: number | null;
  overageMode: 'bill' | 'flag' | null;
  overagePrice: string | null;
}

/** Body fields of a line write (the quantity field is named by each document: `manualQuantity` on contract lines). */
export const lineBaseFields = {
  catalogItemId: z.string().uuid().nullable().describe('Catalog item the line is priced from (unitPrice defaults to its price in the document currency)'),
  description: z.string().trim().min(1).max(1000).describe('Defaults to the catalog item’s name'),
  unitPrice: ZMoney,
  taxRate: ZTaxRate,
  sortOrder: ZSortOrder,
  deviceSetType: z.enum(DEVICE_SET_TYPES).describe('Per-device lines: which devices the line covers; fixed at creation'),
  ...deviceSetFields,
};

export const ZQuantity = ZMoney.describe('Quantity of manual and one-time lines (money-string rules); default 1');

/** Why a line's state is incoherent (device-set fields on a non-device line, a site set without a site …), or null. */
export function lineStateProblem(s: LineState): string | null {
  const hasDeviceFields = s.siteId !== null || s.groupId !== null || s.roles.length > 0 || s.includedQuantity !== null || s.overageMode !== null || s.overagePrice !== null;
  if (s.type !== 'per_device') {
    if (s.deviceSetType !== null || hasDeviceFields) return `device-set fields apply to per_device lines only`;
    if (s.quantity === null) return 'quantity is required';
    return null;
  }
  if (s.quantity !== null) return 'per_device lines are counted from devices and take no quantity';
  switch (s.deviceSetType) {
    case null:
      return 'deviceSetType is required on per_device lines';
    case 'organization_wide':
      return s.siteId || s.groupId || s.roles.length ? 'an organization_wide device set takes no siteId, groupId or roles' : null;
    case 'site':
      return !s.siteId ? 'a site device set needs siteId' : s.groupId || s.roles.length ? 'a site device set takes no groupId or roles' : null;
    case 'group':
      return !s.groupId ? 'a group device set needs groupId' : s.siteId || s.roles.length ? 'a group device set takes no siteId or roles' : null;
    case 'role':
      return !s.roles.length ? 'a role device set needs at least one role' : s.siteId || s.groupId ? 'a role device set takes no siteId or groupId' : null;
  }
}
