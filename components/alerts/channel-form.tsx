'use client';

// Create or edit a notification channel. The configuration depends on the kind; secrets are
// write-only: an existing channel shows "set"/"not set" (what the API answers), and a new
// configuration that leaves a secret empty keeps the stored one (the API merges it back).
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { CHANNEL_KIND_LABELS, CHANNEL_KINDS, useSaveChannel, type Channel, type ChannelKind } from '@/hooks/use-alert-config';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, SelectField, TextAreaField } from '@/components/ui/controls';
import { Checkbox, messageOf } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/client/field-errors';
import { changedFields } from '@/lib/client/changed-fields';

type Values = Record<string, string>;

const list = (v: string | undefined) => (v ?? '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

/**
 * The form's strings as the API's config object for the kind (optional empties left out). When
 * editing, an empty secret is left out too, so the stored one is kept.
 */
function toConfig(kind: ChannelKind, v: Values, editing: boolean): Record<string, unknown> {
  const secret = (k: string) => (v[k] ? { [k]: v[k] } : editing ? {} : { [k]: '' });
  switch (kind) {
    case 'email':
      return { recipients: list(v.recipients) };
    case 'slack':
    case 'teams':
      return secret('webhookUrl');
    case 'webhook':
      return { url: v.url ?? '', ...(v.removeSecret === 'yes' ? { secret: null } : v.secret ? { secret: v.secret } : {}) };
    case 'pagerduty':
      return { ...secret('routingKey'), ...(v.eventsUrl ? { eventsUrl: v.eventsUrl } : {}) };
    case 'sms':
      return { provider: 'twilio', accountSid: v.accountSid ?? '', ...secret('authToken'), fromNumber: v.fromNumber ?? '', toNumbers: list(v.toNumbers), ...(v.baseUrl ? { baseUrl: v.baseUrl } : {}) };
  }
}

/** What the edit form starts from: the stored values the API shows, never masked secrets. */
function fromConfig(kind: ChannelKind, c: Record<string, unknown>): Values {
  const s = (k: string) => (typeof c[k] === 'string' ? String(c[k]) : '');
  switch (kind) {
    case 'email':
      return { recipients: ((c.recipients as string[]) ?? []).join(', ') };
    case 'slack':
    case 'teams':
      return {};
    case 'webhook':
      return { url: s('url') };
    case 'pagerduty':
      return { eventsUrl: s('eventsUrl') };
    case 'sms':
      return { accountSid: s('accountSid'), fromNumber: s('fromNumber'), toNumbers: ((c.toNumbers as string[]) ?? []).join(', '), baseUrl: s('baseUrl') };
  }
}

function ConfigFields({ kind, values, set, errors, existing }: { kind: ChannelKind; values: Values; set: (k: string, v: string) => void; errors: FieldErrors; existing?: Record<string, unknown> }) {
  const err = (k: string) => errors[`config.${k}`];
  const secretState = (set_: boolean) => (existing ? (set_ ? 'Currently set' : 'Currently not set') : undefined);
  const bind = (k: string) => ({ value: values[k] ?? '', onChange: (e: { target: { value: string } }) => set(k, e.target.value), error: err(k) });
  switch (kind) {
    case 'email':
      return <TextAreaField label="Recipients" rows={2} required {...bind('recipients')} hint="Email addresses, separated by commas or new lines (up to 50)" error={err('recipients') ?? errors['config.recipients.0']} />;
    case 'slack':
    case 'teams':
      return (
        <Field
          label="Incoming webhook URL"
          type="url"
          required={!existing}
          autoComplete="off"
          placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://…webhook.office.com/…'}
          {...bind('webhookUrl')}
          hint={existing ? `Stored: ${String(existing.webhookUrl ?? '')} (the path is secret; leave empty to keep it)` : 'The URL carries its secret; it is never shown again'}
        />
      );
    case 'webhook':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="URL" type="url" required placeholder="https://example.com/alerts" {...bind('url')} />
          <Field
            label="Signing secret"
            type="password"
            autoComplete="new-password"
            {...bind('secret')}
            disabled={values.removeSecret === 'yes'}
            hint={[secretState(Boolean(existing?.hasSecret)), 'Optional: signs the body (X-Service-Signature, HMAC-SHA256)', existing?.hasSecret ? 'Leave empty to keep it' : null].filter(Boolean).join(' · ')}
          />
          {Boolean(existing?.hasSecret) && (
            <Checkbox label="Remove the signing secret" hint="Messages will be sent unsigned" checked={values.removeSecret === 'yes'} onChange={(on) => set('removeSecret', on ? 'yes' : '')} />
          )}
        </div>
      );
    case 'pagerduty':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Routing key" type="password" autoComplete="new-password" required={!existing} {...bind('routingKey')} hint={[existing ? `${secretState(true)} (${String(existing.routingKey ?? '')}); leave empty to keep it` : null, 'Events API v2 integration key'].filter(Boolean).join(' · ')} />
          <Field label="Events API URL" type="url" placeholder="https://events.pagerduty.com/v2/enqueue" {...bind('eventsUrl')} hint="Empty: PagerDuty's Events API v2" />
        </div>
      );
    case 'sms':
      return (
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Account SID" required {...bind('accountSid')} />
          <Field label="Auth token" type="password" autoComplete="new-password" required={!existing} {...bind('authToken')} hint={existing ? `${secretState(true)} (${String(existing.authToken ?? '')}); leave empty to keep it` : undefined} />
          <Field label="From number" required placeholder="+15551234567" {...bind('fromNumber')} hint="E.164" />
          <Field label="To numbers" required placeholder="+15557654321, +15550001111" {...bind('toNumbers')} hint="E.164, separated by commas (up to 20)" error={err('toNumbers') ?? errors['config.toNumbers.0']} />
          <Field label="Provider API URL" type="url" placeholder="https://api.twilio.com" {...bind('baseUrl')} hint="Empty: Twilio" />
        </div>
      );
  }
}

export function ChannelForm({ channel, onDone }: { channel?: Channel; onDone?: () => void }) {
  const router = useRouter();
  const me = useMe();
  const orgs = useAllOrganizations();
  const save = useSaveChannel(channel?.id);
  const orgScoped = me.data?.scope === 'organization';
  const [name, setName] = useState(channel?.name ?? '');
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'email');
  const [orgId, setOrgId] = useState('');
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  // Editing keeps the stored configuration unless the person chooses to replace it.
  const [changeConfig, setChangeConfig] = useState(!channel);
  const [values, setValues] = useState<Values>(channel ? fromConfig(channel.kind, channel.config) : {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Editing sends only what differs from the stored channel; the configuration only when it was
  // opened and differs from what the form started from (a typed secret always differs).
  const changes = channel
    ? changedFields<{ name: string; enabled: boolean; config?: Record<string, unknown> }>(
        { name: channel.name, enabled: channel.enabled, config: toConfig(channel.kind, fromConfig(channel.kind, channel.config), true) },
        { name, enabled, config: changeConfig ? toConfig(kind, values, true) : undefined },
      )
    : null;
  const canSave = !changes || Object.keys(changes).length > 0;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    if (!canSave) return;
    try {
      const body = changes
        ? changes
        : { name, kind, enabled, config: toConfig(kind, values, false), ...(orgScoped ? {} : { orgId: orgId || null }) };
      const saved = await save.mutateAsync(body);
      if (onDone) onDone();
      else router.push(`/alerts/channels/${saved.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err, 'path'));
      setFormError(messageOf(err, 'Could not save the channel'));
    }
  }

  return (
    <Card title={channel ? 'Edit channel' : 'New channel'}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={channel ? 'Edit channel' : 'New channel'} noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus={!channel} />
          {!channel && (
            <SelectField
              label="Kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ChannelKind);
                setValues({});
                setErrors({});
              }}
              error={errors.kind}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CHANNEL_KIND_LABELS[k]}
                </option>
              ))}
            </SelectField>
          )}
          {!channel && !orgScoped && (
            <SelectField label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} hint="Partner-wide channels can serve every organization's policies" error={errors.orgId}>
              <option value="">All organizations (partner-wide)</option>
              {orgs.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {channel && (
          <Checkbox label="Change the configuration" hint="Secrets are never shown again; a secret left empty keeps its stored value" checked={changeConfig} onChange={setChangeConfig} />
        )}
        {changeConfig && (
          <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">{CHANNEL_KIND_LABELS[kind]} settings</legend>
            <ConfigFields kind={kind} values={values} set={(k, v) => setValues((x) => ({ ...x, [k]: v }))} errors={errors} existing={channel?.config} />
          </fieldset>
        )}
        <Checkbox label="Enabled" checked={enabled} onChange={setEnabled} />
        <FormError message={formError} />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending || !canSave}>
            {save.isPending ? 'Saving…' : !canSave ? 'No changes' : channel ? 'Save channel' : 'Create channel'}
          </Button>
          <Button type="button" variant="secondary" onClick={() => (onDone ? onDone() : router.push('/alerts/channels'))}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
