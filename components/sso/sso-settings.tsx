'use client';

// Single sign-on settings: the partner-wide provider and the organizations' providers, an editor
// that starts from a preset (Entra ID, Google Workspace, Okta, generic OIDC), role mapping from
// the IdP's groups, enforcement, the MFA setting, and "test connection". Each claimed email
// domain shows whether it is verified, the DNS TXT record that proves it, and a Verify button.
import { useState } from 'react';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useRoles } from '@/hooks/use-users';
import {
  useDeleteSsoProvider,
  useSaveSsoProvider,
  useSsoPresets,
  useSsoProviders,
  useTestSsoProvider,
  useVerifySsoDomain,
  type SsoPreset,
  type SsoProvider,
  type SsoProviderInput,
} from '@/hooks/use-sso';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

type Draft = {
  orgId: string;
  preset: SsoPreset['id'];
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  emailDomains: string;
  groupsClaim: string;
  roleMappings: { group: string; roleId: string }[];
  defaultRoleId: string;
  jitProvisioning: boolean;
  syncRoles: boolean;
  enforceSso: boolean;
  trustIdpMfa: boolean;
  enabled: boolean;
};

const list = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

function draftOf(p: SsoProvider | null, preset: SsoPreset | undefined): Draft {
  return {
    orgId: p?.orgId ?? '',
    preset: p?.preset ?? preset?.id ?? 'oidc',
    name: p?.name ?? preset?.name ?? '',
    issuer: p?.issuer ?? (preset && !preset.issuerTemplate.includes('{') ? preset.issuerTemplate : ''),
    clientId: p?.clientId ?? '',
    clientSecret: '',
    scopes: (p?.scopes ?? preset?.scopes ?? ['openid', 'email', 'profile']).join(' '),
    emailDomains: (p?.emailDomains ?? []).join(', '),
    groupsClaim: p?.groupsClaim ?? preset?.groupsClaim ?? 'groups',
    roleMappings: p?.roleMappings ?? [],
    defaultRoleId: p?.defaultRoleId ?? '',
    jitProvisioning: p?.jitProvisioning ?? true,
    syncRoles: p?.syncRoles ?? true,
    enforceSso: p?.enforceSso ?? false,
    trustIdpMfa: p?.trustIdpMfa ?? false,
    enabled: p?.enabled ?? true,
  };
}

function Toggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}

function Editor({ provider, onDone }: { provider: SsoProvider | null; onDone: () => void }) {
  const me = useMe();
  const presets = useSsoPresets().data?.data ?? [];
  const orgs = useAllOrganizations().data ?? [];
  const roles = useRoles().data?.data ?? [];
  const save = useSaveSsoProvider();
  const remove = useDeleteSsoProvider();
  const test = useTestSsoProvider();
  const [draft, setDraft] = useState<Draft>(() => draftOf(provider, undefined));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const isOrgUser = me.data?.scope === 'organization';
  const level = draft.orgId || isOrgUser ? 'organization' : 'partner';
  const levelRoles = roles.filter((r) => r.scope === level);
  const preset = presets.find((p) => p.id === draft.preset);
  const errors = fieldErrorsOf(save.error);
  const failure = save.error ?? remove.error ?? test.error;

  function choosePreset(id: SsoPreset['id']) {
    const next = presets.find((p) => p.id === id);
    if (!next) return;
    setDraft((d) => ({ ...draftOf(null, next), orgId: d.orgId, clientId: d.clientId, clientSecret: d.clientSecret, roleMappings: d.roleMappings, defaultRoleId: d.defaultRoleId }));
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body: SsoProviderInput = {
      preset: draft.preset,
      name: draft.name,
      issuer: draft.issuer,
      clientId: draft.clientId,
      scopes: list(draft.scopes),
      emailDomains: list(draft.emailDomains),
      groupsClaim: draft.groupsClaim,
      roleMappings: draft.roleMappings.filter((m) => m.group && m.roleId),
      defaultRoleId: draft.defaultRoleId || null,
      jitProvisioning: draft.jitProvisioning,
      syncRoles: draft.syncRoles,
      enforceSso: draft.enforceSso,
      trustIdpMfa: draft.trustIdpMfa,
      enabled: draft.enabled,
      ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
      ...(!provider && draft.orgId ? { orgId: draft.orgId } : {}),
    };
    save.mutate({ id: provider?.id ?? null, body }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={provider ? `Edit ${provider.name}` : 'New SSO provider'}>
      <div className="grid gap-4 sm:grid-cols-2">
        {!provider && !isOrgUser && (
          <label className="block space-y-1 text-sm">
            <span className="font-medium">Who signs in</span>
            <select className={INPUT_CLASS} value={draft.orgId} onChange={(e) => set('orgId', e.target.value)} aria-label="Who signs in">
              <option value="">Our own staff (partner-wide)</option>
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  Users of {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="block space-y-1 text-sm">
          <span className="font-medium">Identity provider</span>
          <select className={INPUT_CLASS} value={draft.preset} onChange={(e) => choosePreset(e.target.value as SsoPreset['id'])} aria-label="Identity provider">
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {preset && <p className="text-xs text-slate-500">{preset.notes}{preset.placeholders.length > 0 && ` Issuer: ${preset.issuerTemplate}`}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" value={draft.name} onChange={(e) => set('name', e.target.value)} required error={errors.name} />
        <Field label="Issuer URL" name="issuer" value={draft.issuer} onChange={(e) => set('issuer', e.target.value)} required placeholder={preset?.issuerTemplate} error={errors.issuer} />
        <Field label="Client ID" name="clientId" value={draft.clientId} onChange={(e) => set('clientId', e.target.value)} required error={errors.clientId} />
        <Field
          label="Client secret"
          name="clientSecret"
          type="password"
          autoComplete="off"
          value={draft.clientSecret}
          onChange={(e) => set('clientSecret', e.target.value)}
          required={!provider}
          hint={provider ? 'Stored encrypted; leave empty to keep it' : 'Stored encrypted, never shown again'}
          error={errors.clientSecret}
        />
        <Field label="Scopes" name="scopes" value={draft.scopes} onChange={(e) => set('scopes', e.target.value)} error={errors.scopes} />
        <Field label="Email domains" name="emailDomains" value={draft.emailDomains} onChange={(e) => set('emailDomains', e.target.value)} hint="Each must be verified through DNS (below, after saving) before the login page offers this provider to its addresses" error={errors.emailDomains} />
        <Field label="Groups claim" name="groupsClaim" value={draft.groupsClaim} onChange={(e) => set('groupsClaim', e.target.value)} error={errors.groupsClaim} />
        <label className="block space-y-1 text-sm">
          <span className="font-medium">Default role of new users</span>
          <select className={INPUT_CLASS} value={draft.defaultRoleId} onChange={(e) => set('defaultRoleId', e.target.value)} aria-label="Default role of new users">
            <option value="">None: refuse users matching no group</option>
            {levelRoles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Role mapping (first match wins)</legend>
        {draft.roleMappings.map((m, i) => (
          <div key={i} className="flex gap-2">
            <input className={INPUT_CLASS} aria-label={`Group ${i + 1}`} placeholder="Group name or ID" value={m.group} onChange={(e) => set('roleMappings', draft.roleMappings.map((x, j) => (j === i ? { ...x, group: e.target.value } : x)))} />
            <select className={INPUT_CLASS} aria-label={`Role for group ${i + 1}`} value={m.roleId} onChange={(e) => set('roleMappings', draft.roleMappings.map((x, j) => (j === i ? { ...x, roleId: e.target.value } : x)))}>
              <option value="">Choose a role</option>
              {levelRoles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
            <Button type="button" variant="secondary" onClick={() => set('roleMappings', draft.roleMappings.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        <Button type="button" variant="secondary" onClick={() => set('roleMappings', [...draft.roleMappings, { group: '', roleId: '' }])}>
          Add mapping
        </Button>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle label="Enabled" hint="Offer this provider on the login page" checked={draft.enabled} onChange={(v) => set('enabled', v)} />
        <Toggle label="Create users on first sign-in" hint="Unknown users get the role their groups map to" checked={draft.jitProvisioning} onChange={(v) => set('jitProvisioning', v)} />
        <Toggle label="Update roles on every sign-in" hint="With a role mapping: each sign-in sets the role from the user's groups" checked={draft.syncRoles} onChange={(v) => set('syncRoles', v)} />
        <Toggle label="Enforce SSO" hint="Refuse password sign-in for the users this provider covers" checked={draft.enforceSso} onChange={(v) => set('enforceSso', v)} />
        <Toggle label="Trust the provider's MFA" hint="A sign-in the provider reports as multi-factor (amr) satisfies our MFA requirement" checked={draft.trustIdpMfa} onChange={(v) => set('trustIdpMfa', v)} />
      </div>
      {provider && (
        <p className="text-xs text-slate-500">
          Redirect URI to register at the provider: <code>{provider.redirectUri}</code>
        </p>
      )}
      {test.data?.test && (
        <p role="status" className={`text-sm ${test.data.test.ok ? 'text-green-700' : 'text-red-700'}`}>
          {test.data.test.ok ? `Connection works: ${test.data.test.issuer} publishes ${test.data.test.keys} signing key(s).` : `Connection failed: ${test.data.test.error}`}
        </p>
      )}
      <FormError message={failure ? formErrorOf(failure, Object.keys(draft), 'Could not save the provider') : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        {provider && (
          <>
            <Button type="button" variant="secondary" disabled={test.isPending} onClick={() => test.mutate(provider.id)}>
              {test.isPending ? 'Testing…' : 'Test connection'}
            </Button>
            <Button type="button" variant="danger" disabled={remove.isPending} onClick={() => window.confirm(`Delete ${provider.name}?`) && remove.mutate(provider.id, { onSuccess: onDone })}>
              Delete
            </Button>
          </>
        )}
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DomainRows({ provider, canManage }: { provider: SsoProvider; canManage: boolean }) {
  const verify = useVerifySsoDomain();
  const pendingDomain = verify.isPending ? verify.variables?.domain : null;
  const failedDomain = verify.error ? verify.variables?.domain : null;
  return (
    <section aria-label={`Email domains of ${provider.name}`} className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 className="font-medium">Email domains of {provider.name}</h2>
      <p className="text-xs text-slate-500">
        Publish the TXT record at your DNS host, then verify. Until then the domain does not route sign-ins, and existing accounts in it are not linked by address.
      </p>
      <ul className="space-y-3">
        {provider.domains.map((d) => (
          <li key={d.domain} className="space-y-1 text-sm" data-domain={d.domain}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{d.domain}</span>
              <span
                className={`rounded px-2 py-0.5 text-xs ${d.status === 'verified' ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100' : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'}`}
              >
                {d.status === 'verified' ? 'Verified' : 'Pending'}
              </span>
              {canManage && d.status === 'pending' && (
                <Button type="button" variant="secondary" disabled={pendingDomain === d.domain} onClick={() => verify.mutate({ providerId: provider.id, domain: d.domain })}>
                  {pendingDomain === d.domain ? 'Checking…' : `Verify ${d.domain}`}
                </Button>
              )}
            </div>
            {d.status === 'pending' && (
              <div className="max-w-full overflow-x-auto text-xs text-slate-600 dark:text-slate-400">
                TXT record: <code className="break-all">{d.txtRecord.name}</code> = <code className="break-all">{d.txtRecord.value}</code>
              </div>
            )}
            {d.status === 'verified' && d.verifiedAt && <div className="text-xs text-slate-500">Verified {new Date(d.verifiedAt).toLocaleString()}</div>}
            {d.status === 'pending' && (failedDomain === d.domain || d.lastCheckError) && (
              <p role="alert" className="text-xs text-red-700">
                {failedDomain === d.domain ? formErrorOf(verify.error, [], 'The check failed') : `Last check: ${d.lastCheckError}`}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SsoSettings() {
  const providers = useSsoProviders();
  const orgs = useAllOrganizations().data ?? [];
  const canManage = useMe().data?.permissions.includes('sso:manage') ?? false;
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  const orgName = (id: string | null) => (id ? (orgs.find((o) => o.id === id)?.name ?? 'Organization') : 'Partner-wide (your staff)');

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Single sign-on</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          People sign in through their organization’s identity provider (OpenID Connect). The partner-wide provider covers your own staff; an organization’s provider covers its users.
        </p>
      </div>
      {editing ? (
        <Editor key={editing === 'new' ? 'new' : editing.id} provider={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        canManage && <Button onClick={() => setEditing('new')}>Add provider</Button>
      )}
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2">Name</th>
              <th>Covers</th>
              <th>Status</th>
              <th>Last sign-in</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {providers.data?.data.map((p) => (
              <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-2 font-medium">{p.name}</td>
                <td>{orgName(p.orgId)}</td>
                <td>
                  {p.enabled ? 'Enabled' : 'Disabled'}
                  {p.enforceSso && ' · enforced'}
                </td>
                <td>{p.lastLoginAt ? new Date(p.lastLoginAt).toLocaleString() : 'Never'}</td>
                <td className="text-right">
                  {canManage && (
                    <Button variant="secondary" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                  )}
                </td>
              </tr>
            ))}
            {providers.data?.data.length === 0 && (
              <tr>
                <td colSpan={5} className="py-4 text-slate-500">
                  No provider yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {providers.data?.data
        .filter((p) => p.domains.length > 0)
        .map((p) => <DomainRows key={p.id} provider={p} canManage={canManage} />)}
    </div>
  );
}
