// A device's role for billing: its `role:<name>` tag when it has one, else derived from the OS
// it reports (servers and workstations are priced differently by most MSPs).

export interface RoleSource {
  tags: string[];
  osType: string | null;
  osVersion: string | null;
}

export function deviceRole(d: RoleSource): string {
  const tagged = d.tags.find((t) => /^role:[a-z0-9][a-z0-9_-]{0,63}$/i.test(t));
  if (tagged) return tagged.slice(5).toLowerCase();
  if (!d.osType) return 'unknown';
  if (d.osType === 'linux') return 'server';
  if (d.osType === 'windows' && /server/i.test(d.osVersion ?? '')) return 'server';
  return 'workstation';
}
