'use client';

// The organization the technician is working in (the shell's switcher). `null` means every
// organization they may access. Remembered per browser; an organization that is no longer
// accessible (orgAccess changed, deleted) falls back to all.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMe } from '@/hooks/use-me';
import { useAllOrganizations } from '@/hooks/use-organizations';

interface CurrentOrg {
  orgId: string | null;
  setOrgId: (id: string | null) => void;
  /** True for organization-scope users, who always work in their own organization. */
  fixed: boolean;
}

const Ctx = createContext<CurrentOrg>({ orgId: null, setOrgId: () => undefined, fixed: false });
const KEY = 'rmm-current-org';

export function CurrentOrgProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const orgs = useAllOrganizations();
  const [orgId, setState] = useState<string | null>(null);

  useEffect(() => {
    try {
      setState(localStorage.getItem(KEY) || null);
    } catch {
      /* storage unavailable */
    }
  }, []);

  const fixed = me.data?.scope === 'organization';
  useEffect(() => {
    if (orgId && orgs.data && !orgs.data.some((o) => o.id === orgId)) setState(null);
  }, [orgId, orgs.data]);

  const setOrgId = useCallback((id: string | null) => {
    setState(id);
    try {
      if (id) localStorage.setItem(KEY, id);
      else localStorage.removeItem(KEY);
    } catch {
      /* storage unavailable */
    }
  }, []);

  const value = fixed ? { orgId: me.data?.orgId ?? null, setOrgId: () => undefined, fixed: true } : { orgId, setOrgId, fixed: false };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCurrentOrg(): CurrentOrg {
  return useContext(Ctx);
}
