// /api/v1/psa/connections/:id — one PSA connection.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPsaConnection, ZUpdatePsaConnection } from '@/lib/psa/schemas';
import { getPsaConnection } from '@/lib/psa/get-psa-connection';
import { updatePsaConnection } from '@/lib/psa/update-psa-connection';
import { deletePsaConnection } from '@/lib/psa/delete-psa-connection';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:read',
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Get a PSA connection',
  description: `${PSA_ACCESS} Never returns the credentials.`,
  tags: PSA_TAGS,
  response: ZPsaConnection,
  handler: ({ ctx, params }) => getPsaConnection(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:manage',
  scopes: ['partner'],
  params: ZIdParams,
  body: ZUpdatePsaConnection,
  audit: 'psa_connection.update',
  summary: 'Update a PSA connection',
  description: `${PSA_ACCESS} \`name\`, \`baseUrl\` (URL-safety rules) and \`credentials\` (the provider’s full shape, replacing the stored ones). The provider cannot change. A new address or new credentials clear the last test result.`,
  tags: PSA_TAGS,
  response: ZPsaConnection,
  handler: ({ ctx, params, body }) => updatePsaConnection(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:manage',
  scopes: ['partner'],
  params: ZIdParams,
  audit: 'psa_connection.delete',
  summary: 'Delete a PSA connection',
  description: `${PSA_ACCESS} Its synced companies, contacts and tickets go with it; organizations imported from it keep their external links. 409 \`PSA_CONNECTION_IN_USE\` while external service management is bound to it.`,
  tags: PSA_TAGS,
  handler: ({ ctx, params }) => deletePsaConnection(ctx, params.id),
});
