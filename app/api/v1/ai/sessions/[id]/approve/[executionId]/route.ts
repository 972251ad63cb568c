// POST /api/v1/ai/sessions/:id/approve/:executionId — approve (or deny) an action of the assistant.
import { defineRoute } from '@/lib/http/define-route';
import { AI_STREAM_DOC, ZAiExecutionParams, ZApproveAiExecution } from '@/lib/ai/schemas';
import { approveAiExecution } from '@/lib/ai/approve-ai-execution';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';
import { routeIndex } from '@/app/api/route-index.generated';

export const POST = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  params: ZAiExecutionParams,
  body: ZApproveAiExecution,
  // The decision's own audit entry (ai_execution.approve / deny) is written before the stream opens.
  audit: false,
  summary: 'Approve or deny an AI assistant action (streaming)',
  description: [
    `${AI_ACCESS} The execution must be \`pending\` (409 \`AI_EXECUTION_NOT_PENDING\` otherwise; one decision wins). \`approve: true\` runs the API call shown in the execution (\`method\`, \`path\`, \`arguments\`) with the caller’s own credential, so it needs the permission the route needs (a refusal is recorded as a security event); \`false\` denies it and the model is told. Once no other action of the session waits, the assistant continues in this stream. 409 \`AI_NOT_CONFIGURED\` without a model.`,
    AI_STREAM_DOC,
  ].join('\n\n'),
  tags: AI_TAGS,
  errors: [409],
  responseContentType: 'text/event-stream',
  handler: ({ ctx, params, body, req }) => approveAiExecution(ctx, req, params.id, params.executionId, body.approve, routeIndex),
});
