// /api/v1/psa/connections — the partner's PSA connections.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreatePsaConnection, ZListPsaConnectionsQuery, ZPsaConnection, ZPsaConnectionList } from '@/lib/psa/schemas';
import { listPsaConnections } from '@/lib/psa/list-psa-connections';
import { createPsaConnection } from '@/lib/psa/create-psa-connection';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:read',
  scopes: ['partner'],
  query: ZListPsaConnectionsQuery,
  summary: 'List PSA connections',
  description: `${PSA_ACCESS} Credentials are never returned: \`credentialHint\` tells them apart. \`inUse\` marks the connection external service management is bound to.`,
  tags: PSA_TAGS,
  response: ZPsaConnectionList,
  handler: ({ ctx, query }) => listPsaConnections(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:manage',
  scopes: ['partner'],
  body: ZCreatePsaConnection,
  status: 201,
  audit: 'psa_connection.create',
  summary: 'Create a PSA connection',
  description: `${PSA_ACCESS} \`provider\` \`connectwise\` (ConnectWise PSA REST 3.0; credentials \`companyId\`, \`publicKey\`, \`privateKey\`, \`clientId\`) \`halopsa\` (OAuth2 client credentials; \`clientId\`, \`clientSecret\`, optional \`tenant\`), \`autotask\` (REST v1.0 with zone discovery; \`username\`, \`secret\`, \`integrationCode\`), \`zendesk\` (Support API v2; \`email\`, \`apiToken\`) or \`syncro\` (API v1; \`apiKey\`). \`baseUrl\` follows the outbound URL-safety rules of webhooks (400 otherwise). Credentials are stored encrypted; nothing is called until \`test\` or \`sync\`.`,
  tags: PSA_TAGS,
  response: ZPsaConnection,
  handler: ({ ctx, body }) => createPsaConnection(ctx, body),
});
