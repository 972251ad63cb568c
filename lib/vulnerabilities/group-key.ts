// A remediation group (the package whose upgrade fixes its CVEs) is named `<ecosystem>:<package>`:
// `debian:12:openssl`, `alpine:v3.18:openssl`, `npm:lodash`.
export function groupKeyOf(ecosystem: string, packageName: string): string {
  return `${ecosystem}:${packageName}`;
}

export function parseGroupKey(key: string): { ecosystem: string; packageName: string } | null {
  const m = /^(npm|(?:debian|ubuntu|alpine):[A-Za-z0-9.]+):(.+)$/.exec(key);
  return m ? { ecosystem: m[1], packageName: m[2] } : null;
}
