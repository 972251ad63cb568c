// Console sessions for browser specs that are not about signing in: the page's own request
// context signs in and completes MFA through the API, so the HTTP-only refresh cookie lands in
// the browser and the console restores an MFA-satisfied session on load.
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';

export async function signInConsole(page: Page, admin: { email: string; mfaSecret: string }, password: string): Promise<string> {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: admin.email, password } });
  if (login.status() !== 200) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const { accessToken } = await login.json();
  // The server refuses a code of a time step it already accepted (replay protection) and accepts
  // the next step's code (clock drift): a second sign-in within one 30 s step uses that one.
  const now = Math.floor(Date.now() / 1000);
  let verify = await page.request.post('/api/v1/auth/mfa/verify', { data: { code: generateSync({ secret: admin.mfaSecret, epoch: now }) }, headers: { authorization: `Bearer ${accessToken}` } });
  if (verify.status() === 400) verify = await page.request.post('/api/v1/auth/mfa/verify', { data: { code: generateSync({ secret: admin.mfaSecret, epoch: now + 30 }) }, headers: { authorization: `Bearer ${accessToken}` } });
  if (verify.status() !== 200) throw new Error(`MFA verification failed: ${verify.status()} ${await verify.text()}`);
  return (await verify.json()).accessToken as string;
}
