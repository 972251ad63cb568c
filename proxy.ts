// Runs before matching pages render. PUBLIC_ENABLE_REGISTRATION off: the signup page answers a
// plain 302 to the login page, which explains why (doc 1 rule 2).
import { NextResponse, type NextRequest } from 'next/server';
import { publicConfig } from '@/lib/public-config';

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === '/register-partner' && !publicConfig().registrationEnabled) {
    return NextResponse.redirect(new URL('/login?reason=registration-disabled', request.url), 302);
  }
  return NextResponse.next();
}

export const config = { matcher: ['/register-partner'] };
