// The refresh token also travels as an HTTP-only cookie so the web console never holds it in
// script-readable storage.
import { publicBaseUrl } from '@/lib/public-url';

export const REFRESH_COOKIE = 'rmm_refresh';

export function refreshCookie(token: string, expiresAt: Date): string {
  const secure = publicBaseUrl().startsWith('https://') ? '; Secure' : '';
  return `${REFRESH_COOKIE}=${token}; Path=/api/v1/auth; HttpOnly; SameSite=Strict; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function clearRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; Path=/api/v1/auth; HttpOnly; SameSite=Strict; Max-Age=0`;
}

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
