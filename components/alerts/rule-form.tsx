'use client';

// Create or edit an alert rule. A new rule may start from a template (built-in or the partner's
// own): the template fills severity and condition, which stay editable. Field errors from the
// API envelope show next to their fields.
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useBuiltInTemplates, useSaveAlertRule, useTemplates, type AlertRule, type RuleBody, type RuleCondition, type RuleTargets } from '@/hooks/use-alert-config';
import { ALERT_SEVERITIES } from '@/hooks/use-alerts';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, SelectField, TextAreaField } from '@/components/ui/controls';
import { ConditionFields, defaultCondition } from '@/components/alerts/condition-fields';
import { RuleTargetsFields } from '@/components/alerts/rule-targets';
import { Checkbox, messageOf } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { changedFields } from '@/lib/client/changed-fields';

const EMPTY_TARGETS: RuleTargets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };

export function RuleForm({ rule, onDone }: { rule?: AlertRule; onDone?: () => void }) {
  const router = useRouter();
  const params = useSearchParams();
  const me = useMe();
  const orgs = useAllOrganizations();
  const builtIn = useBuiltInTemplates();
  const custom = useTemplates({ page: 1, kind: 'rule' });
  const save = useSaveAlertRule(rule?.id);
  const orgScoped = me.data?.scope === 'organization';

  const [name, setName] = useState(rule?.name ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [orgId, setOrgId] = useState<string | null>(rule ? rule.orgId : null);
  const [templateId, setTemplateId] = useState(rule ? '' : (params.get('templateId') ?? ''));
  const [severity, setSeverity] = useState<AlertRule['severity']>(rule?.severity ?? 'high');
  const [condition, setCondition] = useState<RuleCondition>(rule?.condition ?? defaultCondition('metric'));
  const [targets, setTargets] = useState<RuleTargets>(rule?.targets ?? EMPTY_TARGETS);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [autoResolve, setAutoResolve] = useState(rule?.autoResolve ?? true);
  const [cooldown, setCooldown] = useState(String(rule?.cooldownMinutes ?? 15));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const templates = [...(builtIn.data?.data ?? []), ...(custom.data?.data ?? [])].filter((t) => t.kind === 'rule' && t.rule);
  const picked = templates.find((t) => t.id === templateId);
  // A template picked (or arriving in ?templateId=) fills the fields once it has loaded.
  useEffect(() => {
    if (!picked?.rule) return;
    setSeverity(picked.rule.severity);
    setCondition(picked.rule.condition);
    setAutoResolve(picked.rule.autoResolve);
    setCooldown(String(picked.rule.cooldownMinutes));
    setName((n) => n || picked.name);
    setDescription((d) => d || (picked.description ?? ''));
  }, [picked]);

  const values = {
    name,
    description: description || null,
    enabled,
    severity,
    condition,
    targets,
    autoResolve,
    cooldownMinutes: cooldown === '' ? Number.NaN : Number(cooldown),
  };
  // Editing sends only what differs from the stored rule; creating sends everything.
  const changes: Partial<RuleBody> = rule
    ? changedFields<typeof values>(
        { name: rule.name, description: rule.description ?? null, enabled: rule.enabled, severity: rule.severity, condition: rule.condition, targets: rule.targets ?? EMPTY_TARGETS, autoResolve: rule.autoResolve, cooldownMinutes: rule.cooldownMinutes },
        values,
      )
    : values;
  const canSave = !rule || Object.keys(changes).length > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    if (!canSave) return;
    const body: Partial<RuleBody> = { ...changes };
    if (!rule) {
      if (templateId) body.templateId = templateId;
      if (!orgScoped) body.orgId = orgId;
    }
    try {
      const saved = await save.mutateAsync(body);
      if (onDone) onDone();
      else router.push(`/alerts/rules/${saved.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err, 'path'));
      setFormError(messageOf(err, 'Could not save the rule'));
    }
  }

  return (
    <Card title={rule ? 'Edit rule' : 'New rule'}>
      <form onSubmit={onSubmit} aria-label={rule ? 'Edit rule' : 'New rule'} className="space-y-4" noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus={!rule} />
          <SelectField label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value as AlertRule['severity'])} error={errors.severity}>
            {ALERT_SEVERITIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectField>
          {!rule && !orgScoped && (
            <SelectField
              label="Organization"
              value={orgId ?? ''}
              onChange={(e) => {
                setOrgId(e.target.value || null);
                setTargets(EMPTY_TARGETS);
              }}
              hint="Partner-wide rules watch every organization (or the ones ticked under Scope)"
              error={errors.orgId}
            >
              <option value="">All organizations (partner-wide)</option>
              {orgs.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
          {!rule && (
            <SelectField label="Start from a template" value={templateId} onChange={(e) => setTemplateId(e.target.value)} hint="Fills severity and condition; you can still change them" error={errors.templateId}>
              <option value="">No template</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.builtIn ? '' : 'Custom: '}
                  {t.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <TextAreaField label="Description" rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        <ConditionFields value={condition} onChange={setCondition} errors={errors} />
        <RuleTargetsFields orgId={rule ? rule.orgId : orgScoped ? (me.data?.orgId ?? null) : orgId} value={targets} onChange={setTargets} errors={errors} />
        <div className="grid gap-3 md:grid-cols-3">
          <Field label="Cooldown (minutes)" type="number" min={0} max={10080} value={cooldown} onChange={(e) => setCooldown(e.target.value)} hint="No new alert of this rule and device for this long after one ends" error={errors.cooldownMinutes} />
          <Checkbox label="Resolve automatically" hint="When the condition clears" checked={autoResolve} onChange={setAutoResolve} />
          <Checkbox label="Enabled" checked={enabled} onChange={setEnabled} />
        </div>
        <FormError message={formError} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending || !canSave}>
            {save.isPending ? 'Saving…' : !canSave ? 'No changes' : rule ? 'Save rule' : 'Create rule'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => (onDone ? onDone() : router.push('/alerts/rules'))}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
