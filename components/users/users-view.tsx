'use client';

import { useState, type FormEvent } from 'react';
import { useAssignableRoles, useChangeRole, useInviteUser, useRemoveUser, useUpdateUser, useUsers, type User } from '@/hooks/use-users';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { hasChanges } from '@/lib/client/changed-fields';
import { ApiError } from '@/lib/client/api-client';
import { formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, SelectField, StatusBadge } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

function OrgAccessPicker({ mode, setMode, ids, setIds }: { mode: string; setMode: (m: string) => void; ids: string[]; setIds: (ids: string[]) => void }) {
  const orgs = useAllOrganizations();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Organization access</legend>
      <div className="flex gap-4 text-sm">
        {(['all', 'selected', 'none'] as const).map((m) => (
          <label key={m} className="flex items-center gap-1.5">
            <input type="radio" name="orgAccessMode" checked={mode === m} onChange={() => setMode(m)} /> {m}
          </label>
        ))}
      </div>
      {mode === 'selected' && (
        <div className="max-h-40 space-y-1 overflow-y-auto rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
          {orgs.data?.map((o) => (
            <label key={o.id} className="flex items-center gap-2">
              <input type="checkbox" checked={ids.includes(o.id)} onChange={() => setIds(ids.includes(o.id) ? ids.filter((x) => x !== o.id) : [...ids, o.id])} />
              {o.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function EditUser({ user, onClose }: { user: User; onClose: () => void }) {
  const roles = useAssignableRoles();
  const changeRole = useChangeRole(user.id);
  const update = useUpdateUser(user.id);
  const remove = useRemoveUser();
  const [mode, setMode] = useState<string>(user.orgAccess ?? 'all');
  const [ids, setIds] = useState<string[]>(user.orgIds);
  const [error, setError] = useState<string | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const assignable = roles.data?.data.filter((r) => r.scope === user.scope);
  const roleChanged = roleId !== null && roleId !== user.role?.id;
  const access = { orgAccess: mode, orgIds: mode === 'selected' ? ids : [] };
  // Access mode and its organizations are one setting: sent together, and only when they changed.
  const accessChanged = hasChanges({ orgAccess: user.orgAccess ?? 'all', orgIds: (user.orgAccess ?? 'all') === 'selected' ? [...user.orgIds].sort() : [] }, { ...access, orgIds: [...access.orgIds].sort() });
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Request failed');
    }
  };
  return (
    <div className="space-y-4">
      <form
        className="space-y-2"
        aria-label="Change role"
        onSubmit={(e) => {
          e.preventDefault();
          if (roleChanged) void run(() => changeRole.mutateAsync(roleId));
        }}
      >
        {/* Until the roles load the select cannot show the user's role, so it offers nothing. */}
        <SelectField label="Role" name="roleId" value={assignable ? (roleId ?? user.role?.id ?? '') : ''} disabled={!assignable} onChange={(e) => setRoleId(e.target.value)}>
          {assignable ? (
            assignable.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))
          ) : (
            <option value="" disabled>
              Loading…
            </option>
          )}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!roleChanged}>
          {roleChanged ? 'Change role' : 'No changes'}
        </Button>
      </form>
      {user.scope === 'partner' && (
        <div className="space-y-2">
          <OrgAccessPicker mode={mode} setMode={setMode} ids={ids} setIds={setIds} />
          <Button variant="secondary" disabled={!accessChanged} onClick={() => void run(() => update.mutateAsync(access))}>
            {accessChanged ? 'Save access' : 'No changes'}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button variant="secondary" onClick={() => void run(() => update.mutateAsync({ status: user.status === 'disabled' ? 'active' : 'disabled' }))}>
          {user.status === 'disabled' ? 'Enable user' : 'Disable user'}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            if (confirm(`Remove ${user.name}? Their sessions and API keys end at once.`)) void run(() => remove.mutateAsync(user.id));
          }}
        >
          Remove user
        </Button>
      </div>
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
    </div>
  );
}

export function UsersView() {
  const me = useMe();
  const canManage = useCan('users:manage');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const users = useUsers({ page, search: search.trim() || undefined });
  const roles = useAssignableRoles();
  const orgs = useAllOrganizations();
  const invite = useInviteUser();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [roleId, setRoleId] = useState('');
  const [mode, setMode] = useState('all');
  const [ids, setIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const role = roles.data?.data.find((r) => r.id === roleId) ?? roles.data?.data[0];

  async function onInvite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    if (!role) return;
    try {
      await invite.mutateAsync({
        email: String(f.get('email')),
        name: String(f.get('name')),
        roleId: role.id,
        ...(role.scope === 'organization' ? { orgId: String(f.get('orgId')) } : { orgAccess: mode, orgIds: mode === 'selected' ? ids : undefined }),
      });
      setInviting(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not send the invitation');
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader title="Users" description="People who sign in to the console, and customer staff of your organizations." actions={canManage && <Button onClick={() => setInviting(true)}>Invite user</Button>} />
      <input type="search" aria-label="Search users" placeholder="Name or email…" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} className={`${INPUT_CLASS} max-w-sm`} />
      <ErrorText error={users.error} />
      {users.data && users.data.data.length === 0 && <EmptyState title="No users match">Try another search.</EmptyState>}
      {users.data && users.data.data.length > 0 && (
        <DataTable label="Users" columns={['Name', 'Role', 'Access', 'Status', '2FA', 'Last sign-in', { label: 'Actions', hidden: true }]}>
          {users.data.data.map((u) => (
            <tr key={u.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <div className="font-medium">{u.name}</div>
                <div className="text-xs text-slate-500">{u.email}</div>
              </td>
              <td className="px-4 py-2">{u.role?.name ?? '—'}</td>
              <td className="px-4 py-2 text-slate-500">{u.scope === 'organization' ? u.organization?.name : u.orgAccess === 'selected' ? `${u.orgIds.length} organizations` : u.orgAccess}</td>
              <td className="px-4 py-2"><StatusBadge status={u.status} /></td>
              <td className="px-4 py-2">{u.mfaEnabled ? 'on' : 'off'}</td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(u.lastLoginAt)}</td>
              <td className="px-4 py-2 text-right">
                {canManage && u.id !== me.data?.id && (
                  <button type="button" className="text-xs text-brand-700 hover:underline dark:text-brand-100" onClick={() => setEditing(u)} aria-label={`Manage ${u.name}`}>
                    Manage
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {users.data && <Pager page={page} total={users.data.pagination.total} limit={50} onPage={setPage} />}

      <Dialog open={inviting} onClose={() => setInviting(false)} title="Invite a user">
        <form onSubmit={onInvite} className="space-y-3" aria-label="Invite a user">
          <Field label="Name" name="name" required maxLength={255} autoFocus />
          <Field label="Email" name="email" type="email" required />
          <SelectField label="Role" value={role?.id ?? ''} onChange={(e) => setRoleId(e.target.value)}>
            {roles.data?.data.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.scope})
              </option>
            ))}
          </SelectField>
          {role?.scope === 'organization' ? (
            <SelectField label="Organization" name="orgId" required>
              {orgs.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          ) : (
            <OrgAccessPicker mode={mode} setMode={setMode} ids={ids} setIds={setIds} />
          )}
          {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </form>
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Manage ${editing.name}` : 'Manage'}>
        {editing && <EditUser user={editing} onClose={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
