// POST /api/v1/mobile/alerts/:id/acknowledge — same compare-and-set and 409 contract as /alerts/:id/acknowledge.
import { alertActionRoute } from '@/lib/alerts/alert-action-route';

export const POST = alertActionRoute('acknowledge', ['Mobile']);
