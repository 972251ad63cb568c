'use client';

import { useState } from 'react';
import { useAvailablePermissions, useCloneRole, useRoles, useUpdateRole, type Role } from '@/hooks/use-users';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { hasChanges } from '@/lib/client/changed-fields';
import { Button } from '@/components/ui/button';
import { Badge, Card, ErrorText, PageHeader } from '@/components/ui/controls';

function RoleCard({ role, canManage }: { role: Role; canManage: boolean }) {
  const perms = useAvailablePermissions();
  const update = useUpdateRole(role.id);
  const clone = useCloneRole();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editing = draft !== null;
  // The permissions are a set: ticking one off and on again is no change.
  const changed = draft !== null && hasChanges({ permissions: [...role.permissions].sort() }, { permissions: [...draft].sort() });
  const list = perms.data?.data ?? role.permissions.map((p) => ({ permission: p, description: '' }));
  return (
    <Card
      title={role.name}
      actions={
        <div className="flex items-center gap-2">
          <Badge>{role.scope}</Badge>
          {role.isSystem && <Badge tone="blue">built-in</Badge>}
          <span className="text-xs text-slate-500">{role.userCount} users</span>
        </div>
      }
    >
      {role.description && <p className="mb-2 text-sm text-slate-500">{role.description}</p>}
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {list.map((p) => {
          const has = (draft ?? role.permissions).includes(p.permission);
          if (!editing && !has) return null;
          return (
            <li key={p.permission}>
              {editing ? (
                <label className="flex items-start gap-2">
                  <input type="checkbox" checked={has} onChange={() => setDraft((d) => (d!.includes(p.permission) ? d!.filter((x) => x !== p.permission) : [...d!, p.permission]))} />
                  <span>
                    <span className="font-mono text-xs">{p.permission}</span>
                    <span className="block text-xs text-slate-500">{p.description}</span>
                  </span>
                </label>
              ) : (
                <span className="font-mono text-xs" title={p.description}>
                  {p.permission}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {canManage && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!role.isSystem &&
            (editing ? (
              <>
                <Button
                  disabled={!changed || update.isPending}
                  onClick={async () => {
                    setError(null);
                    try {
                      await update.mutateAsync({ permissions: draft! });
                      setDraft(null);
                    } catch (err) {
                      setError(err instanceof ApiError ? err.message : 'Could not save');
                    }
                  }}
                >
                  {changed ? 'Save' : 'No changes'}
                </Button>
                <Button variant="secondary" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => setDraft(role.permissions)}>
                Edit permissions
              </Button>
            ))}
          <Button
            variant="secondary"
            onClick={async () => {
              const name = prompt('Name of the copy', `${role.name} (copy)`);
              if (!name) return;
              setError(null);
              try {
                await clone.mutateAsync({ id: role.id, name });
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not clone');
              }
            }}
          >
            Clone
          </Button>
        </div>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
    </Card>
  );
}

export function RolesView() {
  const roles = useRoles();
  const canManage = useCan('users:manage');
  return (
    <div className="space-y-4">
      <PageHeader title="Roles" description="Built-in roles are read-only; clone one to make a custom role. Nobody can grant a permission they lack." />
      <ErrorText error={roles.error} />
      <div className="grid gap-4 lg:grid-cols-2">
        {roles.data?.data.map((r) => (
          <RoleCard key={r.id} role={r} canManage={canManage} />
        ))}
      </div>
    </div>
  );
}
