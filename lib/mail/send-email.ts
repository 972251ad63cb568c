// Delivers one message: through SMTP_URL when configured, otherwise into MAIL_DIR as an .eml
// file (and a log line with the first link), so `npm start` works offline.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env, mailDir } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import type { EmailMessage } from '@/lib/mail/schemas';

let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (!smtp || smtp.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

function toMail(message: EmailMessage) {
  return {
    from: env().MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
  };
}

export async function sendEmail(message: EmailMessage): Promise<{ messageId: string; file?: string }> {
  const config = env();
  if (config.SMTP_URL) {
    const info = await smtpTransport(config.SMTP_URL).sendMail(toMail(message));
    return { messageId: info.messageId };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(toMail(message));
  const dir = path.resolve(mailDir(config));
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`);
  await writeFile(file, info.message as Buffer);
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  logger.info({ to: message.to, subject: message.subject, file, link }, 'email written to MAIL_DIR (SMTP_URL unset)');
  return { messageId: info.messageId, file };
}
