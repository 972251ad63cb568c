'use client';

// Create or edit an alert policy: which alerts it matches (severities, rules = assignment),
// who is notified first (channels, users) and the escalation step (after N minutes still
// unacknowledged: more channels and users). Unknown ids come back as REFERENCE_NOT_IN_SCOPE
// with the list's path, shown under that list.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { CHANNEL_KIND_LABELS, useAlertRules, useAllChannels, useSavePolicy, useTemplates, type Policy, type PolicyBody, type Severity } from '@/hooks/use-alert-config';
import { ALERT_SEVERITIES } from '@/hooks/use-alerts';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useUsers } from '@/hooks/use-users';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, SelectField } from '@/components/ui/controls';
import { Checkbox, CheckList, messageOf } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { changedFields } from '@/lib/client/changed-fields';

export function PolicyForm({ policy, onDone }: { policy?: Policy; onDone?: () => void }) {
  const router = useRouter();
  const me = useMe();
  const orgs = useAllOrganizations();
  const channels = useAllChannels();
  const rules = useAlertRules({ page: 1 });
  const users = useUsers({ page: 1, status: 'active' });
  const messages = useTemplates({ page: 1, kind: 'message' });
  const save = useSavePolicy(policy?.id);
  const orgScoped = me.data?.scope === 'organization';

  const [name, setName] = useState(policy?.name ?? '');
  const [orgId, setOrgId] = useState('');
  const [enabled, setEnabled] = useState(policy?.enabled ?? true);
  const [severities, setSeverities] = useState<string[]>(policy?.severities ?? []);
  const [ruleIds, setRuleIds] = useState<string[]>(policy?.ruleIds ?? []);
  const [channelIds, setChannelIds] = useState<string[]>(policy?.channelIds ?? []);
  const [userIds, setUserIds] = useState<string[]>(policy?.userIds ?? []);
  const [notifyOnResolve, setNotifyOnResolve] = useState(policy?.notifyOnResolve ?? false);
  const [escalate, setEscalate] = useState(policy?.escalateAfterMinutes != null);
  const [escalateAfter, setEscalateAfter] = useState(String(policy?.escalateAfterMinutes ?? 30));
  const [escalationChannelIds, setEscalationChannelIds] = useState<string[]>(policy?.escalationChannelIds ?? []);
  const [escalationUserIds, setEscalationUserIds] = useState<string[]>(policy?.escalationUserIds ?? []);
  const [messageTemplateId, setMessageTemplateId] = useState(policy?.messageTemplateId ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const channelItems = (channels.data?.data ?? []).map((c) => ({ id: c.id, label: c.name, hint: `${CHANNEL_KIND_LABELS[c.kind]}${c.enabled ? '' : ', disabled'}` }));
  const userItems = (users.data?.data ?? []).map((u) => ({ id: u.id, label: u.name || u.email }));
  const ruleItems = (rules.data?.data ?? []).map((r) => ({ id: r.id, label: r.name, hint: r.severity }));
  const noChannels = 'No channels yet: create one under Channels first.';

  const values = {
    name,
    enabled,
    severities: severities as Severity[],
    ruleIds,
    channelIds,
    userIds,
    notifyOnResolve,
    escalateAfterMinutes: escalate ? (escalateAfter === '' ? Number.NaN : Number(escalateAfter)) : null,
    escalationChannelIds: escalate ? escalationChannelIds : [],
    escalationUserIds: escalate ? escalationUserIds : [],
    messageTemplateId: messageTemplateId || null,
  };
  // Editing sends only what differs from the stored policy; creating sends everything.
  const changes: Partial<PolicyBody> = policy
    ? changedFields<typeof values>(
        {
          name: policy.name,
          enabled: policy.enabled,
          severities: policy.severities as Severity[],
          ruleIds: policy.ruleIds,
          channelIds: policy.channelIds,
          userIds: policy.userIds,
          notifyOnResolve: policy.notifyOnResolve,
          escalateAfterMinutes: policy.escalateAfterMinutes ?? null,
          escalationChannelIds: policy.escalationChannelIds,
          escalationUserIds: policy.escalationUserIds,
          messageTemplateId: policy.messageTemplateId ?? null,
        },
        values,
      )
    : values;
  const canSave = !policy || Object.keys(changes).length > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    if (!canSave) return;
    const body: Partial<PolicyBody> = { ...changes, ...(!policy && !orgScoped ? { orgId: orgId || null } : {}) };
    try {
      const saved = await save.mutateAsync(body);
      if (onDone) onDone();
      else router.push(`/alerts/policies/${saved.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err, 'path'));
      setFormError(messageOf(err, 'Could not save the policy'));
    }
  }

  return (
    <Card title={policy ? 'Edit policy' : 'New policy'}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={policy ? 'Edit policy' : 'New policy'} noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus={!policy} />
          {!policy && !orgScoped && (
            <SelectField label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} hint="A partner-wide policy matches alerts of every organization" error={errors.orgId}>
              <option value="">All organizations (partner-wide)</option>
              {orgs.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Which alerts</legend>
          <CheckList legend="Severities (none ticked: every severity)" items={ALERT_SEVERITIES.map((s) => ({ id: s, label: s }))} value={severities} onChange={setSeverities} empty="" error={errors.severities} />
          <CheckList legend="Rules (none ticked: every rule and monitor)" items={ruleItems} value={ruleIds} onChange={setRuleIds} empty="No rules yet: the policy matches monitor alerts and any rule created later." error={errors.ruleIds} />
        </fieldset>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Notify when an alert triggers</legend>
          <CheckList legend="Channels" items={channelItems} value={channelIds} onChange={setChannelIds} empty={noChannels} error={errors.channelIds} />
          <CheckList legend="Users (in-app notification)" items={userItems} value={userIds} onChange={setUserIds} empty="No active users." error={errors.userIds} />
          <Checkbox label="Also notify when the alert resolves" hint="Paging channels always get the resolve so the incident closes" checked={notifyOnResolve} onChange={setNotifyOnResolve} />
          <SelectField label="Message template" value={messages.data ? messageTemplateId : ''} disabled={!messages.data} onChange={(e) => setMessageTemplateId(e.target.value)} hint="Subject and body of the notifications (create one under Templates)" error={errors.messageTemplateId}>
            {messages.data ? (
              <>
                <option value="">Default message</option>
                {messages.data.data.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </>
            ) : (
              <option value="" disabled>
                Loading…
              </option>
            )}
          </SelectField>
        </fieldset>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Escalation</legend>
          <Checkbox label="Escalate alerts nobody acknowledges" checked={escalate} onChange={setEscalate} />
          {escalate && (
            <>
              <div className="max-w-xs">
                <Field label="Escalate after (minutes)" type="number" min={1} max={10080} required value={escalateAfter} onChange={(e) => setEscalateAfter(e.target.value)} hint="Still active (unacknowledged) this long after triggering" error={errors.escalateAfterMinutes} />
              </div>
              <CheckList legend="Escalation channels" items={channelItems} value={escalationChannelIds} onChange={setEscalationChannelIds} empty={noChannels} error={errors.escalationChannelIds} />
              <CheckList legend="Escalation users" items={userItems} value={escalationUserIds} onChange={setEscalationUserIds} empty="No active users." error={errors.escalationUserIds} />
            </>
          )}
        </fieldset>
        <Checkbox label="Enabled" checked={enabled} onChange={setEnabled} />
        <FormError message={formError} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending || !canSave}>
            {save.isPending ? 'Saving…' : !canSave ? 'No changes' : policy ? 'Save policy' : 'Create policy'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => (onDone ? onDone() : router.push('/alerts/policies'))}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
