// Email templates: each message has a built-in template, and an operator can override any part
// of it by dropping files into MAIL_TEMPLATE_DIR: <name>.subject.txt, <name>.txt, <name>.html.
// Placeholders are {{name}}; values are HTML-escaped in the HTML part.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';

export interface MailTemplate {
  subject: string;
  text: string;
  html?: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Fills {{placeholders}}; an unknown placeholder renders empty rather than leaking braces. */
export function fill(template: string, vars: Record<string, string>, escape: (v: string) => string = (v) => v): string {
  return template.replace(PLACEHOLDER, (_m, key: string) => (Object.hasOwn(vars, key) ? escape(vars[key]) : ''));
}

async function readOverride(dir: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(dir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The operator's override of each part, else the built-in part, with the values filled in. */
export async function renderTemplate(name: string, builtIn: MailTemplate, vars: Record<string, string>): Promise<MailTemplate> {
  const dir = env().MAIL_TEMPLATE_DIR;
  const [subject, text, html] = dir
    ? await Promise.all([readOverride(dir, `${name}.subject.txt`), readOverride(dir, `${name}.txt`), readOverride(dir, `${name}.html`)])
    : [undefined, undefined, undefined];
  const htmlTemplate = html ?? builtIn.html;
  return {
    subject: fill((subject ?? builtIn.subject).trim(), vars).replace(/[\r\n]+/g, ' '),
    text: fill(text ?? builtIn.text, vars),
    ...(htmlTemplate ? { html: fill(htmlTemplate, vars, escapeHtml) } : {}),
  };
}
