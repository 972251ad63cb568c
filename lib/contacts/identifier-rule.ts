// Doc 3's identifier rule: a contact has at least one non-blank of name, email, phone, mobile.
// Enforced here (a clear 400) and by the database (CHECK contacts_identifier_check).

export interface ContactIdentifiers {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
}

export function hasContactIdentifier(c: ContactIdentifiers): boolean {
  return [c.name, c.email, c.phone, c.mobile].some((v) => typeof v === 'string' && v.trim() !== '');
}

export const IDENTIFIER_MESSAGE = 'A contact needs at least one of name, email, phone or mobile';
