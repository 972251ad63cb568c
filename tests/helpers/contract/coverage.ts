// The explicit lists of the tenancy contract suites, checked against the route index by the
// suites themselves (an entry for an operation that no longer exists, or is covered after all,
// fails them).

const SYSTEM_TOOL_ITEM = 'a process id or service name names no record (it lives on the device); the device is the tenancy boundary, checked first: cross-tenant 404 of every system-tools route is asserted in agent-channel.test.ts';
/** Operations with a path id the suites cannot probe automatically, and why. */
export const UNCOVERED_PATH_OPS: Record<string, string> = {
  'GET /system-tools/devices/{deviceId}/processes/{pid}': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/processes/{pid}/kill': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/services/{name}': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/services/{name}/start': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/services/{name}/stop': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/services/{name}/restart': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/eventlogs/{name}': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/eventlogs/{name}/events': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/eventlogs/{name}/events/{recordId}': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/tasks/{path}': SYSTEM_TOOL_ITEM,
  'GET /system-tools/devices/{deviceId}/tasks/{path}/history': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/tasks/{path}/run': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/tasks/{path}/enable': SYSTEM_TOOL_ITEM,
  'POST /system-tools/devices/{deviceId}/tasks/{path}/disable': SYSTEM_TOOL_ITEM,
  'GET /plugins/catalog/{slug}': 'a slug names a manifest of the one catalogue every tenant reads; installations are the tenant records (cross-tenant 404 in plugins.test.ts)',
};

/** Inputs the zod schema cannot show (refinements across fields, formats the JSON Schema omits). */
type Input = (ids: Record<string, string>) => unknown;
export const PATH_INPUTS: Record<string, { body?: Input; query?: Input }> = {
  'GET /system-tools/devices/{deviceId}/files': { query: () => ({ path: '/tmp' }) },
  'GET /system-tools/devices/{deviceId}/files/download': { query: () => ({ path: '/etc/hostname' }) },
  'POST /system-tools/devices/{deviceId}/files/upload': { query: () => ({ path: '/tmp/tenancy-probe.txt' }) },
  'GET /system-tools/devices/{deviceId}/registry/keys': { query: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE' }) },
  'GET /system-tools/devices/{deviceId}/registry/values': { query: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE' }) },
  'GET /system-tools/devices/{deviceId}/registry/value': { query: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE', name: 'probe' }) },
  'PUT /system-tools/devices/{deviceId}/registry/value': { body: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Probe', name: 'probe', type: 'REG_SZ', data: 'tenancy probe' }) },
  'DELETE /system-tools/devices/{deviceId}/registry/value': { query: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE', name: 'probe' }) },
  'POST /system-tools/devices/{deviceId}/registry/key': { body: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Probe' }) },
  'DELETE /system-tools/devices/{deviceId}/registry/key': { query: () => ({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Probe' }) },
  'PUT /devices/{id}/custom-fields': { body: (ids) => ({ values: { [ids.customFieldKey]: 'tenancy probe' } }) },
  'POST /tickets/{id}/comments': { body: () => ({ content: 'tenancy probe' }) },
  'POST /remote/sessions/{id}/offer': { body: () => ({ sdp: 'v=0\r\n' }) },
  'POST /remote/sessions/{id}/ice': { body: () => ({ candidates: [{ candidate: 'candidate:1 1 udp 2130706431 192.0.2.1 9 typ host' }] }) },
  'PATCH /deployments/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /automations/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'POST /automations/{id}/run': { body: (ids) => ({ deviceIds: [ids.device] }) },
  'PATCH /filters/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /policies/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PUT /policies/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /analytics/dashboards/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'POST /analytics/dashboards/{id}/widgets': { body: () => ({ title: 'tenancy probe', type: 'number', query: { source: 'devices', measure: 'count' } }) },
  'PATCH /analytics/widgets/{id}': { body: () => ({ title: 'tenancy probe' }) },
  'PATCH /analytics/sla/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PUT /reports/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PUT /security/policies/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /pam/rules/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'POST /agents/{agentId}/elevation-requests': { body: () => ({ executablePath: '/usr/bin/true', sha256: 'a'.repeat(64), commandLine: '/usr/bin/true', user: 'probe', groups: [] }) },
  'POST /agents/{agentId}/update-status': { body: () => ({ state: 'failed', version: '1.0.0', error: 'tenancy probe' }) },
  'PATCH /pam/signer-groups/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /incidents/{id}': { body: () => ({ status: 'closed' }) },
  'PATCH /sso/providers/{id}': { body: () => ({ name: 'tenancy probe' }) },
  'PATCH /plugins/installations/{id}': { body: () => ({ config: { refreshSeconds: 120 } }) },
};

/**
 * Findings of the suites tolerated because another change fixes them; the entry goes once that
 * change is merged (the suite then reports it as stale). Key: "METHOD /path" or
 * "METHOD /path?filter" for a list filter.
 */
export const KNOWN_DEFECTS: Record<string, string> = {};

/** POST operations that read (analyses, previews): checked like lists. */
export const READ_POSTS: string[] = ['POST /analytics/query', 'POST /alert-templates/correlations/analyze', 'POST /orgs/import/preview', 'POST /orgs/contacts/import/preview', 'POST /scripts/bundle/preview', 'POST /audit-logs/export', 'POST /filters/preview', 'POST /pam/rules/preview'];

/** List operations the lists suite cannot call automatically, and why. */
export const LIST_OPS_UNCHECKED: Record<string, string> = {
  'GET /mcp/sse': 'an MCP event stream that stays open while the client is connected (no list to read to its end); its tenancy (tools and resources through the caller’s own key, sessions bound to the key) is asserted in mcp.test.ts',
};

/** Inputs of list operations the zod schema cannot show (built from the caller's own records). */
export const LIST_INPUTS: Record<string, { body?: Input; query?: Input }> = {
  'GET /webhooks': { query: (ids) => ({ orgId: ids.org }) },
  'POST /pam/rules/preview': { body: (ids) => ({ orgId: ids.org, matchPathGlob: '/usr/**' }) },
  'GET /pam/config': { query: (ids) => ({ orgId: ids.org }) },
  'POST /analytics/query': { body: () => ({ source: 'devices', measure: 'count', dimensions: ['org', 'site'] }) },
  'GET /devices/list-extras': { query: (ids) => ({ deviceIds: ids.device }) },
  'POST /filters/preview': { body: () => ({ rules: { match: 'all', conditions: [{ field: 'status', op: 'neq', value: 'decommissioned' }] } }) },
  'GET /scripts/bundle/export': { query: (ids) => ({ ids: ids.script }) },
  'POST /scripts/bundle/preview': { body: (ids) => ({ bundle: { bundleVersion: 1, scripts: [] }, orgId: ids.org }) },
  'POST /orgs/contacts/import/preview': { body: (ids) => ({ rows: [{ organizationId: ids.org, name: 'Tenancy probe' }] }) },
};

/**
 * Calls of list operations that name the other partner's records where no id filter shows it
 * (bodies, differently named parameters); `o` is the other tenant's ids and marker.
 */
export const LIST_FOREIGN: Record<string, (o: { ids: Record<string, string>; marker: string }) => { label: string; query?: unknown; body?: unknown }[]> = {
  'GET /scripts/bundle/export': (o) => [{ label: '?ids', query: { ids: o.ids.script } }],
  'GET /webhooks': (o) => [{ label: '?orgId', query: { orgId: o.ids.org } }],
  'POST /pam/rules/preview': (o) => [{ label: ' body.orgId', body: { orgId: o.ids.org, matchPathGlob: '/usr/**' } }],
  'GET /pam/config': (o) => [{ label: '?orgId', query: { orgId: o.ids.org } }],
  'POST /analytics/query': (o) => [
    { label: ' body.filters.orgIds (devices)', body: { source: 'devices', measure: 'count', dimensions: ['org'], filters: { orgIds: [o.ids.org] } } },
    { label: ' body.filters.orgIds (alerts)', body: { source: 'alerts', measure: 'count', dimensions: ['org'], filters: { orgIds: [o.ids.org] }, timeRange: { last: '7d' } } },
    { label: ' body.filters.deviceIds (metrics)', body: { source: 'metrics', measure: 'max_cpu', dimensions: ['device'], filters: { deviceIds: [o.ids.device] }, timeRange: { last: '24h' } } },
  ],
  'GET /devices/list-extras': (o) => [{ label: '?deviceIds', query: { deviceIds: o.ids.device } }],
  'POST /audit-logs/export': (o) => [
    { label: ' body.orgId', body: { format: 'json', orgId: o.ids.org } },
    { label: ' body.q', body: { format: 'json', q: o.marker } },
  ],
  'POST /scripts/bundle/preview': (o) => [{ label: ' body.orgId', body: { bundle: { bundleVersion: 1, scripts: [] }, orgId: o.ids.org } }],
  'POST /orgs/contacts/import/preview': (o) => [
    { label: ' body.rows.organizationId', body: { rows: [{ organizationId: o.ids.org, name: 'Tenancy probe' }] } },
    { label: ' body.rows.organization', body: { rows: [{ organization: `${o.marker} org one`, name: 'Tenancy probe' }] } },
  ],
  'POST /orgs/import/preview': (o) => [{ label: ' body.rows.organization', body: { rows: [{ organization: `${o.marker} org one` }] } }],
};

/**
 * Operations that answer 2xx to another partner's ids in their body by contract (bulk actions
 * report each id's outcome; fields that only filter), and why. They must still change nothing
 * of the other partner and show none of its data.
 */
const SYSTEM_PARTNER_ID = 'body partnerId names the partner for system callers only; a partner caller’s record goes to its own partner';
const PER_ITEM = 'bulk: each id gets its own outcome in the results (404 for another partner’s)';
export const BODY_ID_EXEMPT: Record<string, string> = {
  'POST /vulnerabilities/bulk/accept-risk': 'a selection: findings outside the scope match nothing (updated: 0)',
  'POST /vulnerabilities/bulk/mitigate': 'a selection: findings outside the scope match nothing (updated: 0)',
  'POST /access-reviews': SYSTEM_PARTNER_ID,
  'POST /orgs/organizations': SYSTEM_PARTNER_ID,
  'POST /orgs/import': SYSTEM_PARTNER_ID,
  'POST /orgs/import/preview': SYSTEM_PARTNER_ID,
  'POST /roles': SYSTEM_PARTNER_ID,
  'POST /script-library/categories': SYSTEM_PARTNER_ID,
  'POST /script-library/tags': SYSTEM_PARTNER_ID,
  'POST /alerts/bulk': PER_ITEM,
  'POST /devices/bulk/commands': PER_ITEM,
  'POST /groups/{id}/devices': PER_ITEM,
  'POST /scripts/{id}/execute': PER_ITEM,
  'POST /contracts/bulk-cancel': PER_ITEM,
  'POST /contracts/bulk-delete': PER_ITEM,
  'POST /invoices/bulk-delete': PER_ITEM,
  'POST /invoices/bulk-issue': PER_ITEM,
  'POST /invoices/bulk-void': PER_ITEM,
  'POST /quotes/bulk-delete': PER_ITEM,
  'POST /quotes/bulk-send': PER_ITEM,
  'POST /tickets/bulk': PER_ITEM,
  'POST /patches/bulk-approve': PER_ITEM,
  'POST /patches/jobs': PER_ITEM,
  'POST /patches/scan': PER_ITEM,
  'POST /patches/{id}/rollback': PER_ITEM,
  'POST /orgs/contacts/import': 'each row gets its own outcome (org-not-found for another partner’s organization)',
  'POST /orgs/contacts/import/preview': 'each row gets its own annotation (org-not-found for another partner’s organization)',
  'POST /groups/{id}/preview': 'group rules are filters over the caller’s devices: another partner’s site matches none of them',
  'POST /alert-templates/correlations/analyze': 'a dry run whose orgId filters: intersected with the caller’s scope it finds no alerts',
};

/** Bodies naming the other partner's records where the derived one would be refused for another reason first. */
export const BODY_FOREIGN_INPUTS: Record<string, (other: Record<string, string>) => unknown> = {
  'POST /orgs/contacts': (o) => ({ orgId: o.org, name: 'Tenancy probe' }),
  'PATCH /users/{id}': (o) => ({ orgAccess: 'selected', orgIds: [o.org] }),
  'POST /alerts/channels': (o) => ({ name: 'Tenancy probe', kind: 'webhook', orgId: o.org, config: { url: 'http://127.0.0.1:9/probe' } }),
  'POST /monitors': (o) => ({ orgId: o.org, name: 'Tenancy probe', kind: 'tcp', config: { host: '127.0.0.1', port: 9 } }),
  'POST /snmp/devices': (o) => ({ orgId: o.org, name: 'Tenancy probe', host: '127.0.0.1', credentials: { version: 'v2c', community: 'probe' } }),
  'POST /snmp/thresholds': (o) => ({ deviceId: o.snmpDevice, oid: '1.3.6.1.2.1.1.3.0', operator: 'gt', value: 1 }),
  'POST /snmp/oids/validate': (o) => ({ oid: '1.3.6.1.2.1.1.3.0', deviceId: o.snmpDevice }),
  'PATCH /alerts/rules/{id}': (o) => ({ targets: { orgIds: [o.org] } }),
  'POST /groups/{id}/preview': (o) => ({ rules: { conditions: [{ field: 'siteId', op: 'eq', value: o.site }] } }),
  'PATCH /groups/{id}': (o) => ({ rules: { conditions: [{ field: 'siteId', op: 'eq', value: o.site }] } }),
  'POST /contracts/bulk-cancel': (o) => ({ ids: [o.contract], reason: 'Tenancy probe' }),
  'POST /contracts/bulk-delete': (o) => ({ ids: [o.contract] }),
  'POST /invoices/bulk-delete': (o) => ({ ids: [o.invoice] }),
  'POST /invoices/bulk-issue': (o) => ({ ids: [o.invoice] }),
  'POST /invoices/bulk-void': (o) => ({ ids: [o.invoice], reason: 'Tenancy probe' }),
  'POST /quotes/bulk-delete': (o) => ({ ids: [o.quote] }),
  'POST /quotes/bulk-send': (o) => ({ ids: [o.quote] }),
  'POST /tickets/bulk': (o) => ({ action: 'status', status: 'pending', ids: [o.ticket] }),
  'POST /webhooks/dead-letters/redrive': (o) => ({ webhookId: o.webhook }),
  'POST /orgs/contacts/import': (o) => ({ rows: [{ organizationId: o.org, name: 'Tenancy probe' }] }),
  'POST /orgs/contacts/import/preview': (o) => ({ rows: [{ organizationId: o.org, name: 'Tenancy probe' }] }),
};

/** Operations that need access to every organization of the partner: 403 to a restricted partner user, whatever the record. */
export const FULL_PARTNER_ACCESS_ONLY: Record<string, string> = {
  'GET /access-reviews': 'access reviews cover every user of the partner',
  'POST /orgs/import/preview': 'importing organizations',
  'GET /service-principals': 'service principals act for the whole partner',
};

/**
 * Leaks the suites find that are not fixed yet and need a decision beyond them; reported by the
 * suite on every run while they reproduce, and failing it once they stop (remove the entry then).
 */
export const OPEN_FINDINGS: Record<string, string> = {};
