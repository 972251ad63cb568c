'use client';

// The line editor shared by contracts, quotes and invoices: a catalog item (which fills the
// description and price server-side when they are left blank), money strings as typed, and for
// per-device lines the device set with its included quantity and overage rule. Only the fields
// of the line's kind are sent, so the API's strict bodies accept them.
import { useState, type FormEvent } from 'react';
import { changedFields, whenLoaded } from '@/lib/client/changed-fields';
import { isMoneyInput } from '@/lib/client/money';
import { useCatalog } from '@/hooks/use-catalog';
import { useOrgGroups } from '@/hooks/use-billing';
import { useSites } from '@/hooks/use-organizations';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { errorLine } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';

export type LineType = 'manual' | 'per_device' | 'one_time';
type DeviceSet = 'organization_wide' | 'site' | 'role' | 'group';

export interface EditableLine {
  type: LineType;
  catalogItemId: string | null;
  description: string;
  unitPrice: string;
  quantity?: string | null;
  manualQuantity?: string | null;
  taxRate: string;
  sortOrder: number;
  blockId?: string | null;
  deviceSetType?: DeviceSet | null;
  siteId?: string | null;
  groupId?: string | null;
  roles?: string[];
  includedQuantity?: number | null;
  overageMode?: 'bill' | 'flag' | null;
  overagePrice?: string | null;
}

export const LINE_TYPE_LABELS: Record<LineType, string> = { manual: 'Recurring (fixed quantity)', per_device: 'Per device', one_time: 'One-time' };
export const DEVICE_SET_LABELS: Record<DeviceSet, string> = { organization_wide: 'Every device of the organization', site: 'Devices of one site', role: 'Devices with a role', group: 'Devices of a group' };

export function LineForm({
  types,
  quantityKey,
  orgId,
  currency,
  line,
  blocks,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  types: LineType[];
  quantityKey: 'quantity' | 'manualQuantity';
  orgId: string;
  currency: string;
  line?: EditableLine;
  blocks?: { id: string; title: string }[];
  submitLabel: string;
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [type, setType] = useState<LineType>(line?.type ?? types[0]);
  const [setKind, setSetKind] = useState<DeviceSet>(line?.deviceSetType ?? 'organization_wide');
  const [catalogItemId, setCatalogItemId] = useState(line?.catalogItemId ?? '');
  const catalog = useCatalog({ active: 'true', limit: 100 });
  const sites = useSites({ orgId });
  const groups = useOrgGroups(type === 'per_device' ? orgId : undefined);
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errors = { ...fieldErrorsOf(error, 'path'), ...local };
  const err = (k: string) => errors[k] ?? errors[`lines.0.${k}`];
  const item = catalog.data?.data.find((i) => i.id === catalogItemId);
  const itemPrice = item?.prices.find((p) => p.currency === currency)?.unitPrice;
  const perDevice = type === 'per_device';

  const sitesLoaded = sites.data !== undefined;
  const groupsLoaded = groups.data !== undefined;

  /** The body the form's current values make, and what is wrong with them. */
  function bodyOf(f: FormData): { body: Record<string, unknown>; problems: Record<string, string> } {
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const problems: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    if (!line) body.type = type;
    if (catalogItemId || line?.catalogItemId) body.catalogItemId = catalogItemId || null;
    if (text('description')) body.description = text('description');
    else if (!catalogItemId) problems.description = 'Describe the line, or pick a catalog item';
    if (text('unitPrice')) {
      if (!isMoneyInput(text('unitPrice'))) problems.unitPrice = 'A price like 49 or 49.90 (at most 2 decimals)';
      body.unitPrice = text('unitPrice');
    } else if (!itemPrice) problems.unitPrice = catalogItemId ? `The item has no ${currency} price: type one` : 'Give a unit price';
    if (!perDevice && text('quantity')) {
      if (!isMoneyInput(text('quantity'))) problems.quantity = 'A quantity like 1 or 2.5 (at most 2 decimals)';
      body[quantityKey] = text('quantity');
    }
    if (text('taxRate')) body.taxRate = text('taxRate');
    if (text('sortOrder')) body.sortOrder = Number(text('sortOrder'));
    if (blocks) body.blockId = text('blockId') || null;
    if (perDevice) {
      if (!line) body.deviceSetType = setKind;
      // A site or group select still loading cannot show the line's choice: it stays untouched.
      if (setKind === 'site') body.siteId = whenLoaded(sitesLoaded, text('siteId') || null);
      if (setKind === 'group') body.groupId = whenLoaded(groupsLoaded, text('groupId') || null);
      if (setKind === 'role') body.roles = text('roles').split(/[\s,]+/).filter(Boolean);
      body.includedQuantity = Number(text('includedQuantity') || '0');
      body.overageMode = text('overageMode') || 'bill';
      if (text('overagePrice') && !isMoneyInput(text('overagePrice'))) problems.overagePrice = 'A price like 5 or 4.50';
      body.overagePrice = text('overagePrice') || null;
    }
    // Editing sends only what differs from the stored line.
    return { body: line ? changedFields(storedBody(line, quantityKey), body) : body, problems };
  }
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  const dirty = !line || (snapshot !== null && Object.keys(bodyOf(snapshot).body).length > 0);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { body, problems } = bodyOf(new FormData(e.currentTarget));
    if (line && Object.keys(body).length === 0) return;
    setLocal(problems);
    setError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (e2) {
      setError(e2);
    } finally {
      setBusy(false);
    }
  }

  const quantity = line?.[quantityKey];
  return (
    <form onSubmit={submit} onChange={(e) => setSnapshot(new FormData(e.currentTarget))} className="space-y-3" aria-label={submitLabel}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {line ? (
          <div className="space-y-1 text-sm">
            <span className="block font-medium text-slate-700 dark:text-slate-300">Type</span>
            <span className="block py-2">{LINE_TYPE_LABELS[line.type]}</span>
          </div>
        ) : (
          <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as LineType)} error={err('type')} hint={types.length > 1 ? 'Fixed once the line exists' : undefined}>
            {types.map((t) => (
              <option key={t} value={t}>
                {LINE_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Catalog item"
          value={catalog.data ? catalogItemId : ''}
          disabled={!catalog.data}
          onChange={(e) => setCatalogItemId(e.target.value)}
          error={err('catalogItemId')}
          hint={item ? (itemPrice ? `Catalog price ${itemPrice} ${currency}; leave the price blank to use it` : `No ${currency} price in the catalog`) : 'Optional'}
        >
          {catalog.data ? <option value="">None (typed by hand)</option> : <LoadingOption />}
          {catalog.data?.data.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
              {i.sku ? ` (${i.sku})` : ''}
            </option>
          ))}
        </SelectField>
        <Field label="Description" name="description" maxLength={1000} defaultValue={line?.description} placeholder={item?.name} error={err('description')} />
        <Field label={`Unit price (${currency})`} name="unitPrice" inputMode="decimal" defaultValue={line?.unitPrice} placeholder={itemPrice ?? '0.00'} error={err('unitPrice')} />
        {!perDevice && <Field label="Quantity" name="quantity" inputMode="decimal" defaultValue={quantity ?? ''} placeholder="1" error={err(quantityKey) ?? err('quantity')} />}
        <Field label="Tax rate (%)" name="taxRate" inputMode="decimal" defaultValue={line?.taxRate} placeholder="0" error={err('taxRate')} />
        <Field label="Sort order" name="sortOrder" type="number" min={0} defaultValue={line?.sortOrder} placeholder="0" error={err('sortOrder')} />
        {blocks && (
          <SelectField label="Block" name="blockId" defaultValue={line?.blockId ?? ''} error={err('blockId')}>
            <option value="">No block</option>
            {blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.title}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {perDevice && (
        <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Devices counted</legend>
          {line ? (
            <div className="space-y-1 text-sm">
              <span className="block font-medium text-slate-700 dark:text-slate-300">Device set</span>
              <span className="block py-2">{DEVICE_SET_LABELS[setKind]}</span>
            </div>
          ) : (
            <SelectField label="Device set" value={setKind} onChange={(e) => setSetKind(e.target.value as DeviceSet)} error={err('deviceSetType')}>
              {Object.entries(DEVICE_SET_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </SelectField>
          )}
          {setKind === 'site' && (
            <SelectField key={sitesLoaded ? 'site' : 'site-loading'} label="Site" name="siteId" required disabled={!sitesLoaded} defaultValue={sitesLoaded ? (line?.siteId ?? '') : ''} error={err('siteId')} hint={sites.data?.data.length === 0 ? 'This organization has no sites yet' : undefined}>
              {sitesLoaded ? <option value="">Pick a site</option> : <LoadingOption />}
              {/* A site past the first page of the list is still the line's: keep it selectable. */}
              {sitesLoaded && line?.siteId && !sites.data?.data.some((s) => s.id === line.siteId) && <option value={line.siteId}>Current site</option>}
              {sites.data?.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
          )}
          {setKind === 'group' && (
            <SelectField key={groupsLoaded ? 'group' : 'group-loading'} label="Device group" name="groupId" required disabled={!groupsLoaded} defaultValue={groupsLoaded ? (line?.groupId ?? '') : ''} error={err('groupId')} hint={groups.data?.length === 0 ? 'This organization has no device groups yet' : undefined}>
              {groupsLoaded ? <option value="">Pick a group</option> : <LoadingOption />}
              {groups.data?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </SelectField>
          )}
          {setKind === 'role' && <Field label="Roles" name="roles" required defaultValue={line?.roles?.join(', ')} placeholder="server, workstation" hint="Comma-separated; a device’s role is its role:<name> tag, else server, workstation or unknown" error={err('roles')} />}
          <Field label="Included devices" name="includedQuantity" type="number" min={0} defaultValue={line?.includedQuantity ?? 0} error={err('includedQuantity')} hint="Billed at the unit price every period" />
          <SelectField label="Extra devices (overage)" name="overageMode" defaultValue={line?.overageMode ?? 'bill'} error={err('overageMode')}>
            <option value="bill">Bill each extra device</option>
            <option value="flag">Flag them, do not bill</option>
          </SelectField>
          <Field label={`Overage price (${currency})`} name="overagePrice" inputMode="decimal" defaultValue={line?.overagePrice ?? ''} placeholder="Unit price" error={err('overagePrice')} />
        </fieldset>
      )}
      <FormError message={errorLine(error)} />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !dirty}>
          {busy ? 'Saving…' : dirty ? submitLabel : 'No changes'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** What an untouched edit form would send for a stored line, to diff the form against. */
function storedBody(line: EditableLine, quantityKey: 'quantity' | 'manualQuantity'): Record<string, unknown> {
  return {
    catalogItemId: line.catalogItemId ?? null,
    description: line.description,
    unitPrice: line.unitPrice,
    [quantityKey]: line[quantityKey] ?? undefined,
    taxRate: line.taxRate,
    sortOrder: line.sortOrder,
    blockId: line.blockId ?? null,
    siteId: line.siteId ?? null,
    groupId: line.groupId ?? null,
    roles: line.roles ?? [],
    includedQuantity: line.includedQuantity ?? 0,
    overageMode: line.overageMode ?? 'bill',
    overagePrice: line.overagePrice ?? null,
  };
}

function LoadingOption() {
  return (
    <option value="" disabled>
      Loading…
    </option>
  );
}

/** How a per-device line's device set reads in a table. */
export function describeDeviceSet(l: { deviceSetType: string | null; roles: string[]; includedQuantity: number | null; overageMode: string | null }, names: { site?: string; group?: string }): string {
  const set = l.deviceSetType === 'site' ? `site ${names.site ?? ''}` : l.deviceSetType === 'group' ? `group ${names.group ?? ''}` : l.deviceSetType === 'role' ? `roles ${l.roles.join(', ')}` : 'all devices';
  return `${set.trim()} · ${l.includedQuantity ?? 0} included · overage ${l.overageMode === 'flag' ? 'flagged' : 'billed'}`;
}
