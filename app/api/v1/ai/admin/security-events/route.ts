// GET /api/v1/ai/admin/security-events — what the assistant refused or noticed.
import { defineRoute } from '@/lib/http/define-route';
import { ZAiSecurityEventList, ZAiSecurityEventsQuery } from '@/lib/ai/schemas';
import { listAiSecurityEvents } from '@/lib/ai/list-ai-security-events';
import { AI_ADMIN_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:admin',
  scopes: ['partner', 'organization'],
  query: ZAiSecurityEventsQuery,
  summary: 'List AI assistant security events',
  description: `${AI_ADMIN_ACCESS} Newest first. \`kind\`: \`tool_not_permitted\` (the model asked for a tool the user may not use), \`tool_refused\` (the API refused the call: permission, MFA, scope), \`out_of_scope\` (a record id the user cannot see), \`prompt_injection\` (a message that tries to override the assistant’s instructions; logged, not blocked). Each is also in the audit log (\`ai.security.<kind>\`).`,
  tags: AI_TAGS,
  response: ZAiSecurityEventList,
  handler: ({ ctx, query }) => listAiSecurityEvents(ctx, query),
});
