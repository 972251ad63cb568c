// POST /api/v1/mobile/alerts/:id/resolve — same compare-and-set and 409 contract as /alerts/:id/resolve.
import { alertActionRoute } from '@/lib/alerts/alert-action-route';

export const POST = alertActionRoute('resolve', ['Mobile']);
