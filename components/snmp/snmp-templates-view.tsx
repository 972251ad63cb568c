'use client';

// SNMP templates: the built-in ones (read-only) and the partner's own, each a list of named OIDs
// with unit and type. The editor adds rows by hand or from the MIB tree search.
import { useState, type FormEvent } from 'react';
import { useCan } from '@/hooks/use-me';
import { useCreateSnmpTemplate, useDeleteSnmpTemplate, useMibBrowse, useSnmpTemplates, useUpdateSnmpTemplate, type SnmpTemplate, type SnmpTemplateOid } from '@/hooks/use-snmp';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field, INLINE_INPUT_CLASS } from '@/components/ui/field';
import { Badge, EmptyState, ErrorText } from '@/components/ui/controls';
import { SnmpPage } from '@/components/snmp/snmp-page';

const CELL = 'px-4 py-2';
const TYPES = ['gauge', 'counter', 'string'] as const;
const blankRow = (): SnmpTemplateOid => ({ oid: '', name: '', unit: null, type: 'gauge', walk: false });

export function SnmpTemplatesView() {
  const templates = useSnmpTemplates();
  const remove = useDeleteSnmpTemplate();
  const canWrite = useCan('devices:write');
  const [open, setOpen] = useState<SnmpTemplate | 'new' | null>(null);
  const rows = templates.data?.data ?? [];
  return (
    <SnmpPage title="SNMP templates" description="Sets of OIDs a device polls, with names, units and types." actions={canWrite && <Button onClick={() => setOpen('new')}>New template</Button>}>
      <ErrorText error={templates.error ?? remove.error} />
      {templates.data && rows.length === 0 ? (
        <EmptyState title="No templates">Templates name the OIDs to poll.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="SNMP templates" columns={['Name', 'OIDs', 'Devices', { label: 'Actions', hidden: true }]}>
            {rows.map((t) => (
              <tr key={t.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>
                  <span className="font-medium">{t.name}</span> {t.builtIn && <Badge tone="blue">built-in</Badge>}
                  {t.description && <div className="text-xs text-slate-500">{t.description}</div>}
                </td>
                <td className={`${CELL} text-xs`}>
                  {t.oids.slice(0, 4).map((o) => o.name).join(', ')}
                  {t.oids.length > 4 && ` and ${t.oids.length - 4} more`}
                </td>
                <td className={CELL}>{t.deviceCount}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <Button variant="secondary" onClick={() => setOpen(t)}>{t.builtIn || !canWrite ? 'View' : 'Edit'}</Button>{' '}
                  {canWrite && !t.builtIn && (
                    <Button variant="danger" aria-label={`Delete ${t.name}`} disabled={t.deviceCount > 0} title={t.deviceCount > 0 ? 'Used by devices' : undefined} onClick={() => remove.mutate(t.id)}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open === 'new' ? 'New SNMP template' : (open?.name ?? '')} wide>
        {open !== null && <TemplateEditor template={open === 'new' ? null : open} readOnly={open !== 'new' && (open.builtIn || !canWrite)} onDone={() => setOpen(null)} />}
      </Dialog>
    </SnmpPage>
  );
}

function TemplateEditor({ template, readOnly, onDone }: { template: SnmpTemplate | null; readOnly: boolean; onDone: () => void }) {
  const create = useCreateSnmpTemplate();
  const update = useUpdateSnmpTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [oids, setOids] = useState<SnmpTemplateOid[]>(template?.oids.length ? template.oids : [blankRow()]);
  const setRow = (i: number, patch: Partial<SnmpTemplateOid>) => setOids((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name, description: description || null, oids: oids.filter((o) => o.oid.trim()).map((o) => ({ ...o, unit: o.unit || null })) };
    if (template) update.mutate({ id: template.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };
  return (
    <form className="space-y-3" onSubmit={submit} aria-label="SNMP template">
      <Field label="Name" required disabled={readOnly} value={name} onChange={(e) => setName(e.target.value)} />
      <Field label="Description" disabled={readOnly} value={description} onChange={(e) => setDescription(e.target.value)} />
      <DataTable label="Template OIDs" columns={['OID', 'Name', 'Unit', 'Type', 'Table column', { label: 'Actions', hidden: true }]}>
        {oids.map((o, i) => (
          <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
            <td className="px-2 py-1"><input aria-label={`OID ${i + 1}`} className={`${INLINE_INPUT_CLASS} w-48 font-mono`} disabled={readOnly} value={o.oid} onChange={(e) => setRow(i, { oid: e.target.value })} /></td>
            <td className="px-2 py-1"><input aria-label={`Name ${i + 1}`} className={`${INLINE_INPUT_CLASS} w-36`} disabled={readOnly} value={o.name} onChange={(e) => setRow(i, { name: e.target.value })} /></td>
            <td className="px-2 py-1"><input aria-label={`Unit ${i + 1}`} className={`${INLINE_INPUT_CLASS} w-20`} disabled={readOnly} value={o.unit ?? ''} onChange={(e) => setRow(i, { unit: e.target.value })} /></td>
            <td className="px-2 py-1">
              <select aria-label={`Type ${i + 1}`} className={INLINE_INPUT_CLASS} disabled={readOnly} value={o.type} onChange={(e) => setRow(i, { type: e.target.value as SnmpTemplateOid['type'] })}>
                {TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </td>
            <td className="px-2 py-1 text-center"><input type="checkbox" aria-label={`Walk ${i + 1}`} disabled={readOnly} checked={o.walk} onChange={(e) => setRow(i, { walk: e.target.checked })} /></td>
            <td className="px-2 py-1">{!readOnly && <Button type="button" variant="secondary" aria-label={`Remove OID ${i + 1}`} onClick={() => setOids((rows) => rows.filter((_, j) => j !== i))}>Remove</Button>}</td>
          </tr>
        ))}
      </DataTable>
      {!readOnly && (
        <>
          <Button type="button" variant="secondary" onClick={() => setOids((rows) => [...rows, blankRow()])}>Add OID</Button>
          <MibSearch onPick={(row) => setOids((rows) => [...rows.filter((r) => r.oid.trim()), row])} />
          <ErrorText error={create.error ?? update.error} />
          <Button type="submit" disabled={create.isPending || update.isPending}>{template ? 'Save template' : 'Create template'}</Button>
        </>
      )}
    </form>
  );
}

/**
 * Finds objects in the shipped MIB tree by name or description and adds them as rows. A picked
 * object is walked: that reads every row of a table column, and the one `.0` instance of a scalar.
 */
function MibSearch({ onPick }: { onPick: (row: SnmpTemplateOid) => void }) {
  const [search, setSearch] = useState('');
  const browse = useMibBrowse({ search: search.trim().length >= 2 ? search.trim() : undefined });
  const hits = search.trim().length >= 2 ? (browse.data?.children ?? []).filter((n) => n.type) : [];
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <Field label="Find in the MIB tree" placeholder="e.g. ifInOctets, hrProcessorLoad, upsBatteryCharge" value={search} onChange={(e) => setSearch(e.target.value)} />
      <ErrorText error={browse.error} />
      {hits.length > 0 && (
        <ul className="max-h-48 space-y-1 overflow-y-auto text-sm">
          {hits.slice(0, 30).map((n) => {
            const counter = /counter/i.test(n.type ?? '');
            const text = /string|displaystring|physaddress|octet/i.test(n.type ?? '');
            return (
              <li key={n.oid} className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{n.name}</span> <span className="font-mono text-xs text-slate-500">{n.oid}</span> <span className="text-xs text-slate-500">{n.module} · {n.type}</span>
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Add ${n.name}`}
                  onClick={() => onPick({ oid: n.oid, name: n.name, unit: null, type: counter ? 'counter' : text ? 'string' : 'gauge', walk: true })}
                >
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
