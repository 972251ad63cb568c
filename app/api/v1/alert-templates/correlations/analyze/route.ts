// POST /api/v1/alert-templates/correlations/analyze — dry-run grouping over past alerts.
import { defineRoute } from '@/lib/http/define-route';
import { ZAnalyzeBody, ZAnalyzeResult } from '@/lib/alerts/correlation/schemas';
import { analyzeCorrelations } from '@/lib/alerts/correlation/analyze-correlations';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  body: ZAnalyzeBody,
  summary: 'Analyze alert correlation',
  description: 'Groups the alerts in scope between `since` (default 24 h ago) and `until` by site, device or organization (`by`, in order of preference) within `windowMinutes`, and reports the groups and how many pages grouping would have sent. Nothing is stored.',
  tags: ['Alert correlation'],
  response: ZAnalyzeResult,
  audit: false,
  handler: ({ ctx, body }) => analyzeCorrelations(ctx, body),
});
