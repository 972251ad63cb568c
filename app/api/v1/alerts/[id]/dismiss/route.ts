// POST /api/v1/alerts/:id/dismiss — one move of the alert state machine (compare-and-set).
import { alertActionRoute } from '@/lib/alerts/alert-action-route';

export const POST = alertActionRoute('dismiss');
