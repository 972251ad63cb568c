// The email that carries the single-use registration link. Built-in wording below; operators
// override it with MAIL_TEMPLATE_DIR files named after the template (see lib/mail/render-template).
import { env } from '@/lib/env';
import { publicUrl } from '@/lib/public-url';
import type { EmailMessage } from '@/lib/mail/schemas';
import { renderTemplate, type MailTemplate } from '@/lib/mail/render-template';
import type { RegistrationKind } from '@/lib/generated/prisma/client';

const PARTNER: MailTemplate = {
  subject: 'Confirm your email to finish registering {{companyName}}',
  text: `Hello {{name}},

someone (hopefully you) asked to register {{companyName}} with this email address.
Open this link to confirm the address and finish the registration:

{{link}}

The link works once and expires in {{expiresHours}} hours. If you already have an account, sign in at {{loginUrl}} instead.
If you did not ask for this, ignore this email: nothing is created until the link is opened.
`,
  html: `<p>Hello {{name}},</p>
<p>someone (hopefully you) asked to register <strong>{{companyName}}</strong> with this email address.
Open this link to confirm the address and finish the registration:</p>
<p><a href="{{link}}">Confirm my email address</a></p>
<p>The link works once and expires in {{expiresHours}} hours. If you already have an account, <a href="{{loginUrl}}">sign in</a> instead.<br>
If you did not ask for this, ignore this email: nothing is created until the link is opened.</p>
`,
};

const USER: MailTemplate = {
  subject: 'Confirm your email address',
  text: `Hello {{name}},

someone (hopefully you) asked to create an account with this email address.
Open this link to confirm the address:

{{link}}

The link works once and expires in {{expiresHours}} hours. If you already have an account, sign in at {{loginUrl}} instead.
If you did not ask for this, ignore this email: nothing is created until the link is opened.
`,
  html: `<p>Hello {{name}},</p>
<p>someone (hopefully you) asked to create an account with this email address. Open this link to confirm the address:</p>
<p><a href="{{link}}">Confirm my email address</a></p>
<p>The link works once and expires in {{expiresHours}} hours. If you already have an account, <a href="{{loginUrl}}">sign in</a> instead.<br>
If you did not ask for this, ignore this email: nothing is created until the link is opened.</p>
`,
};

export const VERIFICATION_TEMPLATES: Record<RegistrationKind, { name: string; template: MailTemplate }> = {
  partner: { name: 'verify-email-partner', template: PARTNER },
  user: { name: 'verify-email-user', template: USER },
};

export function verificationLink(token: string): string {
  const url = new URL(publicUrl('/verify-email'));
  url.searchParams.set('token', token);
  return url.toString();
}

export async function buildVerificationEmail(
  kind: RegistrationKind,
  input: { email: string; name: string; companyName?: string | null; token: string },
): Promise<EmailMessage> {
  const { name, template } = VERIFICATION_TEMPLATES[kind];
  const rendered = await renderTemplate(name, template, {
    name: input.name,
    companyName: input.companyName ?? '',
    email: input.email,
    link: verificationLink(input.token),
    loginUrl: publicUrl('/login'),
    expiresHours: String(env().REGISTRATION_TOKEN_TTL_HOURS),
  });
  return { to: input.email, ...rendered };
}
