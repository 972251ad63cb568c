// The operations the MCP server offers as tools: a curated set of /api/v1 routes. Everything else
// about a tool (its description, its input schema, the permission it needs) comes from the
// route's own metadata, the one the OpenAPI document is built from (build-mcp-tools.ts), and a
// call runs the route itself with the caller's API key (call-route.ts).

export interface McpToolEntry {
  /** Tool name (snake_case, unique). */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Route pattern under /api/v1, as in the route index. */
  path: string;
  /**
   * For a write: true when it may destroy or disrupt something (run code on a device, reboot,
   * remove); false for additive changes (a comment, an acknowledgement, a new ticket).
   */
  destructive?: boolean;
  /** A write that can be repeated with the same arguments to the same effect. */
  idempotent?: boolean;
}

export const MCP_TOOL_CATALOGUE: readonly McpToolEntry[] = [
  // Fleet
  { name: 'search', method: 'GET', path: '/search' },
  { name: 'get_partner_dashboard', method: 'GET', path: '/partner/dashboard' },
  { name: 'list_organizations', method: 'GET', path: '/orgs/organizations' },
  { name: 'list_sites', method: 'GET', path: '/orgs/sites' },
  // Devices
  { name: 'list_devices', method: 'GET', path: '/devices' },
  { name: 'get_device', method: 'GET', path: '/devices/{id}' },
  { name: 'get_device_inventory', method: 'GET', path: '/devices/{id}/inventory' },
  { name: 'get_device_metrics', method: 'GET', path: '/devices/{id}/metrics' },
  { name: 'get_device_activity', method: 'GET', path: '/devices/{id}/activity' },
  { name: 'list_device_commands', method: 'GET', path: '/devices/{id}/commands' },
  { name: 'run_device_command', method: 'POST', path: '/devices/{id}/commands', destructive: true },
  // Alerts
  { name: 'list_alerts', method: 'GET', path: '/alerts' },
  { name: 'get_alert_summary', method: 'GET', path: '/alerts/summary' },
  { name: 'get_alert', method: 'GET', path: '/alerts/{id}' },
  { name: 'acknowledge_alert', method: 'POST', path: '/alerts/{id}/acknowledge', destructive: false },
  { name: 'resolve_alert', method: 'POST', path: '/alerts/{id}/resolve', destructive: false },
  { name: 'create_ticket_from_alert', method: 'POST', path: '/alerts/{id}/ticket', destructive: false },
  // Tickets
  { name: 'list_tickets', method: 'GET', path: '/tickets' },
  { name: 'get_ticket', method: 'GET', path: '/tickets/{id}' },
  { name: 'create_ticket', method: 'POST', path: '/tickets', destructive: false },
  { name: 'update_ticket', method: 'PATCH', path: '/tickets/{id}', destructive: false, idempotent: true },
  { name: 'list_ticket_comments', method: 'GET', path: '/tickets/{id}/comments' },
  { name: 'add_ticket_comment', method: 'POST', path: '/tickets/{id}/comments', destructive: false },
  // Scripts
  { name: 'list_scripts', method: 'GET', path: '/scripts' },
  { name: 'get_script', method: 'GET', path: '/scripts/{id}' },
  { name: 'run_script', method: 'POST', path: '/scripts/{id}/execute', destructive: true },
  { name: 'list_script_executions', method: 'GET', path: '/scripts/{id}/executions' },
  { name: 'get_script_execution', method: 'GET', path: '/scripts/executions/{id}' },
  // Patches
  { name: 'list_patches', method: 'GET', path: '/patches' },
  { name: 'get_patch_compliance', method: 'GET', path: '/patches/compliance' },
  { name: 'list_device_patch_status', method: 'GET', path: '/patches/devices' },
  { name: 'list_patch_approvals', method: 'GET', path: '/patches/approvals' },
  { name: 'approve_patch', method: 'POST', path: '/patches/{id}/approve', destructive: false, idempotent: true },
  // Security and vulnerabilities
  { name: 'get_security_dashboard', method: 'GET', path: '/security/dashboard' },
  { name: 'list_vulnerabilities', method: 'GET', path: '/vulnerabilities' },
  // Reports
  { name: 'get_executive_summary', method: 'GET', path: '/reports/data/executive-summary' },
  { name: 'get_alerts_report', method: 'GET', path: '/reports/data/alerts-summary' },
  { name: 'get_device_inventory_report', method: 'GET', path: '/reports/data/device-inventory' },
  { name: 'get_tickets_sla_report', method: 'GET', path: '/reports/data/tickets-sla' },
];
