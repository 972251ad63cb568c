'use client';

// Device groups: static (members added by hand) and dynamic (members are the devices matching
// rules, plus include pins, minus exclude pins). Listed per organization; created in a dialog,
// then opened on their page where members, rules with a live preview and the log live.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCreateGroup, useGroups, type GroupRulesDraft } from '@/hooks/use-groups';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { conditionErrorsOf, defaultCondition, describeRules, GROUP_RULE_FIELDS, RuleEditor } from '@/components/device-filters/rule-editor';

export function GroupsView() {
  const { orgId } = useCurrentOrg();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const groups = useGroups({ orgId: orgId ?? undefined, page, search: search || undefined, type: type || undefined });
  const orgs = useAllOrganizations();
  const canWrite = useCan('devices:write');
  const [creating, setCreating] = useState(false);
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? '…';
  const list = groups.data?.data ?? [];

  return (
    <div className="space-y-4">
      <PageHeader title="Device groups" description="Collect devices to act on together: by hand (static) or by rules that keep membership current (dynamic)." actions={canWrite && <Button onClick={() => setCreating(true)}>New group</Button>} />
      <div className="flex flex-wrap gap-3">
        <div className="w-64">
          <Field label="Search" type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} placeholder="Group name" />
        </div>
        <div className="w-44">
          <SelectField label="Type" value={type} onChange={(e) => { setType(e.target.value); setPage(1); }}>
            <option value="">All</option>
            <option value="static">Static</option>
            <option value="dynamic">Dynamic</option>
          </SelectField>
        </div>
      </div>
      <ErrorText error={groups.error} />
      {groups.data && list.length === 0 && (
        <EmptyState title={search || type ? 'No group matches' : 'No device groups yet'} action={canWrite && !search && !type && <Button onClick={() => setCreating(true)}>Create a group</Button>}>
          {search || type ? 'Clear the filters to see every group.' : 'A dynamic group such as “Windows servers” (operating system is windows, hostname starts with srv-) stays current as devices come and go.'}
        </EmptyState>
      )}
      {list.length > 0 && (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Name</th>
                  <th className="py-2 pr-4 font-medium">Type</th>
                  <th className="py-2 pr-4 font-medium">Organization</th>
                  <th className="py-2 pr-4 font-medium">Devices</th>
                  <th className="py-2 font-medium">Rules</th>
                </tr>
              </thead>
              <tbody>
                {list.map((g) => (
                  <tr key={g.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <Link href={`/groups/${g.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                        {g.name}
                      </Link>
                      {g.description && <span className="block text-xs text-slate-500">{g.description}</span>}
                    </td>
                    <td className="py-2 pr-4">
                      <Badge tone={g.type === 'dynamic' ? 'blue' : 'slate'}>{g.type}</Badge>
                    </td>
                    <td className="py-2 pr-4 text-slate-500">{orgName(g.orgId)}</td>
                    <td className="py-2 pr-4">{g.deviceCount}</td>
                    <td className="py-2 text-xs text-slate-500">{g.rules ? describeRules(g.rules) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={groups.data?.pagination.total ?? 0} limit={groups.data?.pagination.limit ?? 50} onPage={setPage} />
        </Card>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New device group" wide>
        {creating && <CreateGroupForm defaultOrgId={orgId ?? orgs.data?.[0]?.id ?? ''} orgs={orgs.data ?? []} />}
      </Dialog>
    </div>
  );
}

function CreateGroupForm({ defaultOrgId, orgs }: { defaultOrgId: string; orgs: { id: string; name: string }[] }) {
  const router = useRouter();
  const create = useCreateGroup();
  const [orgId, setOrgId] = useState(defaultOrgId);
  const sites = useSites({ orgId: orgId || undefined });
  const [type, setType] = useState<'static' | 'dynamic'>('dynamic');
  const [rules, setRules] = useState<GroupRulesDraft>({ match: 'all', conditions: [defaultCondition()] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setErrors({});
    setFormError(null);
    try {
      const group = await create.mutateAsync({
        name: String(f.get('name') ?? ''),
        description: String(f.get('description') ?? '').trim() || undefined,
        orgId: orgId || undefined,
        siteId: String(f.get('siteId') || '') || undefined,
        type,
        rules: type === 'dynamic' ? rules : undefined,
      });
      router.push(`/groups/${group.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not create the group'));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="New device group" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" required maxLength={255} error={errors.name} autoFocus />
        <Field label="Description" name="description" maxLength={1000} error={errors.description} />
        <SelectField label="Organization" value={orgId} onChange={(e) => setOrgId(e.target.value)} error={errors.orgId}>
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Site" name="siteId" defaultValue="" error={errors.siteId} hint="Only devices of this site can be members">
          <option value="">Any site</option>
          {sites.data?.data.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Type</legend>
        <label className="inline-flex items-center gap-1.5">
          <input type="radio" name="type" checked={type === 'dynamic'} onChange={() => setType('dynamic')} /> Dynamic: devices matching rules
        </label>
        <label className="inline-flex items-center gap-1.5">
          <input type="radio" name="type" checked={type === 'static'} onChange={() => setType('static')} /> Static: devices added by hand
        </label>
      </fieldset>
      {type === 'dynamic' && <RuleEditor rules={rules} onChange={setRules} choices={{ sites: sites.data?.data ?? [] }} fields={GROUP_RULE_FIELDS} errors={conditionErrorsOf(create.error)} />}
      <FormError message={formError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create group'}
      </Button>
    </form>
  );
}
