// Reads the email the app under test sent, from the mailbox scripts/test.ts runs (a real SMTP
// receiver; see scripts/lib/mailbox.ts). For invites, tickets and anything else that mails.
export interface ReceivedEmail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  date: string | null;
  attachments: { filename: string | null; contentType: string; size: number; contentBase64: string }[];
}

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url) throw new Error('E2E_MAILBOX_URL is not set: run browser tests through `npm test` (scripts/test.ts)');
  return url;
}

/** The first message to the address (and with the subject fragment), waiting for it to arrive. */
export async function waitForEmail(filter: { to: string; subject?: string; timeoutMs?: number }): Promise<ReceivedEmail> {
  const query = new URLSearchParams({ to: filter.to, timeoutMs: String(filter.timeoutMs ?? 20_000) });
  if (filter.subject) query.set('subject', filter.subject);
  const res = await fetch(`${mailboxUrl()}/messages/wait?${query}`);
  if (!res.ok) throw new Error(`no email to ${filter.to}${filter.subject ? ` about "${filter.subject}"` : ''} arrived`);
  return (await res.json()) as ReceivedEmail;
}

/** The first http(s) link in the message text that contains the fragment. */
export function linkIn(email: ReceivedEmail, fragment: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link containing "${fragment}" in "${email.subject}"`);
  return link;
}
