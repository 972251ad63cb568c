// Any /api/v1 path without a route: 404 in the error envelope. (The Node server answers these
// itself from the route index; this covers Next serving the app on its own.)
import { routeNotFound } from '@/lib/http/not-found';

const answer = async () => routeNotFound();
export const GET = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
