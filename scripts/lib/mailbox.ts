// A test mailbox for browser tests: a real SMTP receiver the app sends to, plus a loopback HTTP
// endpoint the Playwright specs read it through (they run in another process).
//   GET    /messages?to=&subject=           every received message matching the filters
//   GET    /messages/wait?to=&subject=&timeoutMs=   the first match, waiting for it (404 on timeout)
//   DELETE /messages                        forget everything received so far
import { createServer, type Server } from 'node:http';
import type { ParsedMail } from 'mailparser';
import { startSmtpReceiver } from '../../tests/helpers/smtp';

export interface MailboxMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  date: string | null;
  /** Attached files with their bytes (base64), for specs that check a mailed document. */
  attachments: { filename: string | null; contentType: string; size: number; contentBase64: string }[];
}

export interface Mailbox {
  smtpUrl: string;
  httpUrl: string;
  stop(): Promise<void>;
}

function addresses(mail: ParsedMail): string[] {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

function toMessage(mail: ParsedMail): MailboxMessage {
  return {
    to: addresses(mail),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : null,
    date: mail.date?.toISOString() ?? null,
    attachments: mail.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size, contentBase64: a.content.toString('base64') })),
  };
}

function matcher(params: URLSearchParams) {
  const to = params.get('to')?.toLowerCase();
  const subject = params.get('subject');
  return (mail: ParsedMail) => (!to || addresses(mail).includes(to)) && (!subject || (mail.subject ?? '').includes(subject));
}

export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startSmtpReceiver();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'DELETE' && url.pathname === '/messages') {
      smtp.messages.splice(0);
      return send(200, { cleared: true });
    }
    if (req.method === 'GET' && url.pathname === '/messages') return send(200, smtp.messages.filter(matcher(url.searchParams)).map(toMessage));
    if (req.method === 'GET' && url.pathname === '/messages/wait') {
      const timeoutMs = Math.min(Number(url.searchParams.get('timeoutMs') ?? 15_000) || 15_000, 60_000);
      smtp.waitFor(matcher(url.searchParams), timeoutMs).then(
        (mail) => send(200, toMessage(mail)),
        () => send(404, { error: 'no matching message arrived in time' }),
      );
      return;
    }
    send(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    smtpUrl: smtp.url,
    httpUrl: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.stop();
    },
  };
}
