// What the MCP server says about itself in `initialize`, and where its transports live. Pure
// constants: the console's MCP page shows the same paths.

export const MCP_SERVER_INFO = { name: 'rmm', title: 'RMM', version: '1.0.0' };

/** Paths under the service's base URL. */
export const MCP_PATHS = {
  /** Streamable HTTP (the current MCP transport), stateless: POST one JSON-RPC message or batch. */
  streamableHttp: '/api/v1/mcp',
  /** The SSE transport: the event stream, then the messages posted to the endpoint it announces. */
  sse: '/api/v1/mcp/sse',
  message: '/api/v1/mcp/message',
} as const;

export const MCP_INSTRUCTIONS = [
  'You are connected to a remote monitoring and management (RMM) service run by a managed service provider.',
  'Everything you see and do is limited to what the API key you connected with may do: its scopes within its owner’s role, and the organizations its owner can reach. A record outside that scope answers as not found.',
  'Tools read and change devices, alerts, tickets, scripts, patches and reports. Read-only tools are safe to call at any time. Tools marked destructive (running a device command or a script) change real machines: describe what you are about to do and get the user’s confirmation first.',
  'Resources: rmm://devices/<id>, rmm://alerts/<id> and rmm://tickets/<id> give one record as JSON; resources/list names recent ones.',
  'Prompts offer guided workflows: triage open alerts, investigate a device, patch status of a customer, weekly summary for a customer, onboard a new site.',
  'Lists are paginated: ask for a small limit first and filter by orgId, deviceId or status rather than reading everything. Errors come back in the service’s envelope ({ error: { code, message, details } }): 404 NOT_FOUND (not there or not yours), 400 VALIDATION_ERROR naming the field, 409 service_management_off when the provider turned service management off (no new tickets).',
].join('\n\n');
