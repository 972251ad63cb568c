'use client';

// Alert templates and correlation: built-in rule templates (start a rule from one), the
// partner's own rule and message templates, and the correlation groups that kept an outage to
// one page.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useBuiltInTemplates, useCorrelationGroups, useDeleteTemplate, useSaveTemplate, useTemplates, type AlertTemplate, type RuleCondition } from '@/hooks/use-alert-config';
import { ALERT_SEVERITIES } from '@/hooks/use-alerts';
import { useCan, useMe } from '@/hooks/use-me';
import { changedFields } from '@/lib/client/changed-fields';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, SelectField, Tabs, TextAreaField } from '@/components/ui/controls';
import { ConditionFields, defaultCondition, describeCondition } from '@/components/alerts/condition-fields';
import { ConfirmButton, messageOf, SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { DataTable } from '@/components/ui/data-table';

type Tab = 'built-in' | 'custom' | 'correlation';

function TemplateCard({ t, canWrite, onDelete, onEdit }: { t: AlertTemplate; canWrite: boolean; onDelete?: () => Promise<unknown>; onEdit?: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t.name}</span>
        <Badge tone={t.kind === 'rule' ? 'blue' : 'slate'}>{t.kind}</Badge>
        {t.rule && <SeverityBadge severity={t.rule.severity} />}
      </div>
      {t.description && <p className="text-slate-500">{t.description}</p>}
      {t.rule && <p>{describeCondition(t.rule.condition)}</p>}
      {t.subject && <p className="font-mono text-xs">{t.subject}</p>}
      <div className="mt-auto flex flex-wrap gap-3 pt-1">
        {t.kind === 'rule' && canWrite && (
          <Link href={`/alerts/rules/new?templateId=${encodeURIComponent(t.id)}`} className="text-brand-700 hover:underline dark:text-brand-100" aria-label={`Create rule from ${t.name}`}>
            Create rule
          </Link>
        )}
        {onEdit && (
          <button type="button" className="text-brand-700 hover:underline dark:text-brand-100" onClick={onEdit} aria-label={`Edit ${t.name}`}>
            Edit
          </button>
        )}
        {onDelete && canWrite && (
          <ConfirmButton label="Delete" title={`Delete template ${t.name}?`} confirmLabel="Delete template" onConfirm={onDelete}>
            Rules created from it keep their settings; policies using a message template fall back to the default message.
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}

function TemplateForm({ template, onDone }: { template?: AlertTemplate; onDone: () => void }) {
  const save = useSaveTemplate(template?.id);
  const [kind, setKind] = useState<'rule' | 'message'>(template?.kind ?? 'rule');
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [severity, setSeverity] = useState<string>(template?.rule?.severity ?? 'high');
  const [condition, setCondition] = useState<RuleCondition>(template?.rule?.condition ?? defaultCondition('metric'));
  const [subject, setSubject] = useState(template?.subject ?? '[{{severity}}] {{title}} ({{notice}})');
  const [body, setBody] = useState(template?.body ?? '{{message}}\n\nStatus: {{status}}\n{{link}}');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  // The kind is fixed once created: an update sends only the fields that differ, without it.
  const fields: Record<string, unknown> = kind === 'rule' ? { name, description: description || null, rule: { severity, condition } } : { name, description: description || null, subject, body };
  const changes = template
    ? changedFields(
        template.kind === 'rule'
          ? { name: template.name, description: template.description ?? null, rule: template.rule ? { severity: template.rule.severity, condition: template.rule.condition } : null }
          : { name: template.name, description: template.description ?? null, subject: template.subject, body: template.body },
        fields,
      )
    : null;
  const canSave = !changes || Object.keys(changes).length > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setError(null);
    if (!canSave) return;
    try {
      await save.mutateAsync(changes ?? { kind, ...fields });
      onDone();
    } catch (err) {
      // Rule template fields arrive as rule.condition.* / rule.severity: shown like a rule's.
      const raw = fieldErrorsOf(err, 'path');
      setErrors(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.replace(/^rule\./, ''), v])));
      setError(messageOf(err, 'Could not save the template'));
    }
  }

  return (
    <Card title={template ? `Edit ${template.name}` : 'New template'}>
      <form onSubmit={onSubmit} className="space-y-3" aria-label={template ? 'Edit template' : 'New template'} noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          {!template && (
            <SelectField label="Template kind" value={kind} onChange={(e) => setKind(e.target.value as 'rule' | 'message')}>
              <option value="rule">Rule (severity and condition)</option>
              <option value="message">Message (notification subject and body)</option>
            </SelectField>
          )}
          <Field label="Name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        </div>
        <Field label="Description" maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        {kind === 'rule' ? (
          <>
            <SelectField label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value)} error={errors.severity}>
              {ALERT_SEVERITIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </SelectField>
            <ConditionFields value={condition} onChange={setCondition} errors={errors} />
          </>
        ) : (
          <>
            <Field label="Subject" required maxLength={500} value={subject} onChange={(e) => setSubject(e.target.value)} error={errors.subject} />
            <TextAreaField
              label="Body"
              rows={5}
              required
              maxLength={8000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              hint="Placeholders: {{title}} {{message}} {{severity}} {{status}} {{notice}} {{alertId}} {{deviceId}} {{hostname}} {{orgId}} {{triggeredAt}} {{link}}"
              error={errors.body}
            />
          </>
        )}
        <FormError message={error} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending || !canSave}>
            {save.isPending ? 'Saving…' : !canSave ? 'No changes' : template ? 'Save template' : 'Create template'}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CorrelationGroups() {
  const { orgId } = useCurrentOrg();
  const scopeName = useScopeName();
  const [page, setPage] = useState(1);
  const groups = useCorrelationGroups({ page, orgId: orgId ?? undefined });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-500">Alerts of one organization that share a site, device or (device-less) the organization within the correlation window form a group; only the root alert notifies.</p>
      <ErrorText error={groups.error} />
      {groups.data && groups.data.data.length === 0 && <EmptyState title="No correlated alerts">Groups appear when several alerts of one site or device trigger close together, as in an outage.</EmptyState>}
      {groups.data && groups.data.data.length > 0 && (
        <DataTable label="Correlation groups" testId="correlation-groups" columns={['Grouped by', 'Organization', 'Alerts', 'First', 'Last']}>
          {groups.data.data.map((g) => (
            <tr key={g.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2"><Badge>{g.reason}</Badge> <span className="font-mono text-xs">{g.key.split(':')[1]?.slice(0, 8)}…</span></td>
              <td className="px-4 py-2">{scopeName(g.orgId)}</td>
              <td className="px-4 py-2">{g.alertCount}</td>
              <td className="px-4 py-2 text-slate-500">{formatDate(g.firstAt)}</td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(g.lastAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {groups.data && <Pager page={page} total={groups.data.pagination.total} limit={25} onPage={setPage} />}
    </div>
  );
}

export function TemplatesView() {
  const me = useMe();
  const canWrite = useCan('alerts:write');
  // Templates belong to the partner; writing them needs access to every organization.
  const canWriteTemplates = canWrite && me.data?.scope === 'partner' && me.data.orgAccess === 'all';
  const [tab, setTab] = useState<Tab>('built-in');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AlertTemplate | null>(null);
  const builtIn = useBuiltInTemplates();
  const custom = useTemplates({ page: 1 });
  const remove = useDeleteTemplate();
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Alert templates"
        description="Starting points for rules, notification messages, and how alerts were grouped."
        actions={canWriteTemplates && tab === 'custom' && !creating && <Button onClick={() => setCreating(true)}>New template</Button>}
      />
      <Tabs
        label="Template sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'built-in', label: 'Built-in' },
          { id: 'custom', label: `Custom${custom.data ? ` (${custom.data.pagination.total})` : ''}` },
          { id: 'correlation', label: 'Correlation groups' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-3">
        <FormError message={error} />
        {tab === 'built-in' && (
          <>
            <ErrorText error={builtIn.error} />
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="built-in-templates">
              {builtIn.data?.data.map((t) => <TemplateCard key={t.id} t={t} canWrite={canWrite} />)}
            </ul>
          </>
        )}
        {tab === 'custom' && (
          <>
            {creating && <TemplateForm onDone={() => setCreating(false)} />}
            {editing && <TemplateForm key={editing.id} template={editing} onDone={() => setEditing(null)} />}
            <ErrorText error={custom.error} />
            {custom.data && custom.data.data.length === 0 && !creating && (
              <EmptyState title="No custom templates yet" action={canWriteTemplates && <Button onClick={() => setCreating(true)}>New template</Button>}>
                Save your own thresholds as rule templates, or write the subject and body policies send as a message template.
              </EmptyState>
            )}
            {custom.data && custom.data.data.length > 0 && (
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {custom.data.data.map((t) => (
                  <TemplateCard key={t.id} t={t} canWrite={canWrite} onEdit={canWriteTemplates ? () => { setCreating(false); setEditing(t); } : undefined} onDelete={canWriteTemplates ? () => remove.mutateAsync(t.id).catch((e) => setError(messageOf(e))) : undefined} />
                ))}
              </ul>
            )}
          </>
        )}
        {tab === 'correlation' && <CorrelationGroups />}
      </div>
    </div>
  );
}
