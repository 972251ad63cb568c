// /api/v1/distributor/subscriptions/link — link a subscription to a manual contract line, or unlink.
import { defineRoute } from '@/lib/http/define-route';
import { ZLinkResult, ZLinkSubscription, ZUnlinkResult, ZUnlinkSubscription } from '@/lib/distributor/schemas';
import { linkSubscription, unlinkSubscription } from '@/lib/distributor/link-subscription';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

const ACCESS = 'Partner or system scope with `billing:manage` (organization-scoped tokens are refused); the partner is derived from `integrationId`. MFA required; audited.';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZLinkSubscription,
  summary: 'Link a distributor subscription to a manual contract line',
  description: `${ACCESS} Links, or re-points, the snapshot to a manual line of a contract of the organization its company is mapped to (409 \`COMPANY_NOT_MAPPED\` first). 404 \`LINE_NOT_FOUND\` for a line of another organization or partner; 409 \`LINE_NOT_MANUAL\`; 409 \`CONTRACT_LINE_ALREADY_LINKED\` when another subscription holds the line. \`syncEnabled\` makes the scheduled sync record quantity observations; it never overwrites the billing quantity.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZLinkResult,
  audit: 'distributor_subscription.link',
  handler: ({ ctx, body }) => linkSubscription(ctx, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZUnlinkSubscription,
  summary: 'Unlink a distributor subscription',
  description: `${ACCESS} Idempotent: unlinking a subscription without a link answers 200 with \`unlinked: false\`.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZUnlinkResult,
  audit: 'distributor_subscription.unlink',
  handler: ({ ctx, body }) => unlinkSubscription(ctx, body),
});
