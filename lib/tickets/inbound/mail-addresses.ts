// Pure helpers of the inbound-email path: mailbox parsing, the routing key in a recipient address,
// and a plain-text rendering of HTML-only mail.

export interface Mailbox {
  email: string;
  name: string | null;
}

const EMAIL = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

/** `Jane Doe <jane@x.test>`, `<jane@x.test>`, `jane@x.test` or `{ email, name }`; null when not a mailbox. */
export function parseMailbox(value: string | { email: string; name?: string }): Mailbox | null {
  let email: string;
  let name: string | null = null;
  if (typeof value === 'string') {
    const angle = /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>]+)>\s*$/.exec(value);
    if (angle) {
      email = angle[2];
      name = angle[1]?.trim() || null;
    } else {
      email = value;
    }
  } else {
    email = value.email;
    name = value.name?.trim() || null;
  }
  email = email.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) return null;
  return { email, name: name ? name.slice(0, 255) : null };
}

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const LOCAL_PART = new RegExp(`^(${SLUG})(?:\\+(${SLUG}))?$`);

export interface InboxKey {
  partnerSlug: string;
  orgSlug: string | null;
}

/**
 * `<partner-slug>@domain` or `<partner-slug>+<org-slug>@domain` → the routing key. With a
 * configured domain, addresses at other domains (people in Cc) are ignored.
 */
export function inboxKeyOf(address: string, domain: string | undefined): InboxKey | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const local = address.slice(0, at).toLowerCase();
  const host = address.slice(at + 1).toLowerCase();
  if (domain && host !== domain) return null;
  const match = LOCAL_PART.exec(local);
  return match ? { partnerSlug: match[1], orgSlug: match[2] ?? null } : null;
}

/** `[#42]` anywhere in the subject: the ticket number our outgoing mail carries. */
export function ticketNumberInSubject(subject: string): number | null {
  const match = /\[#(\d{1,9})\]/.exec(subject);
  return match ? Number(match[1]) : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
