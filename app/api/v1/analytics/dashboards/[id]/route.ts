// /api/v1/analytics/dashboards/:id — one dashboard with its widgets.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDashboard, ZUpdateDashboard } from '@/lib/analytics/schemas';
import { getDashboard } from '@/lib/analytics/get-dashboard';
import { updateDashboard } from '@/lib/analytics/update-dashboard';
import { deleteDashboard } from '@/lib/analytics/delete-dashboard';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  params: ZIdParams,
  summary: 'Get an analytics dashboard',
  description: 'Needs `analytics:read`. The dashboard with its widgets (top to bottom, left to right); run each widget’s `query` through POST /analytics/query. Another user’s private dashboard and other partners’ dashboards answer 404.',
  tags: ['Analytics'],
  response: ZDashboard,
  handler: ({ ctx, params }) => getDashboard(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  body: ZUpdateDashboard,
  summary: 'Edit an analytics dashboard',
  description: 'Needs `analytics:manage`. Name, description and layout; only the owner changes `visibility` (else 403 NOT_DASHBOARD_OWNER). A partner-wide dashboard needs access to every organization (else 403).',
  tags: ['Analytics'],
  response: ZDashboard,
  handler: ({ ctx, params, body }) => updateDashboard(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  summary: 'Delete an analytics dashboard',
  description: 'Needs `analytics:manage`. Deletes the dashboard and its widgets. A partner-wide dashboard needs access to every organization (else 403).',
  tags: ['Analytics'],
  handler: ({ ctx, params }) => deleteDashboard(ctx, params.id),
});
