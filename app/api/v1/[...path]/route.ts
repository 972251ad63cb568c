// Any /api/v1 path without a route: the plain 404 (same bytes as disabled registration).
import { plainNotFound } from '@/lib/http/not-found';

const answer = async () => plainNotFound();
export const GET = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
