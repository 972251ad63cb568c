// The acknowledgement rules of a contact import commit (doc 3) and its merge semantics: which
// rows create, update or skip, given the annotations re-derived against fresh state.
import type { ContactImportErrorCode, TContactImportRow } from '@/lib/imports/schemas';
import type { ContactRowPlan, ContactValues, ImportContact } from '@/lib/imports/plan-contact-import';

export interface ContactAction {
  index: number;
  plan: ContactRowPlan;
  kind: 'create' | 'update' | 'skip';
  reason?: 'already-linked' | 'match-confirmed';
  /** Store the row's external link (a new contact, or a confirmed fuzzy match). */
  link: boolean;
}

export interface ContactRowError {
  index: number;
  code: ContactImportErrorCode;
  message: string;
}

/** Values of an existing contact after the row's merge: blank never clears; roles only when non-empty. */
export function mergeContact(contact: ImportContact, values: ContactValues, siteId: string | undefined): ContactValues & { siteId: string | null } {
  return {
    name: values.name ?? contact.name,
    email: values.email ?? contact.email,
    phone: values.phone ?? contact.phone,
    mobile: values.mobile ?? contact.mobile,
    title: values.title ?? contact.title,
    roles: values.roles.length > 0 ? values.roles : contact.roles,
    siteId: siteId ?? contact.siteId,
  };
}

export function decideContactCommit(rows: TContactImportRow[], plans: ContactRowPlan[], mode: 'skip' | 'update'): { actions: ContactAction[]; errors: ContactRowError[] } {
  const actions: ContactAction[] = [];
  const errors: ContactRowError[] = [];
  plans.forEach((plan, index) => {
    const row = rows[index];
    const fail = (code: ContactImportErrorCode, message: string) => errors.push({ index, code, message });
    if (plan.failure) return fail(plan.failure.code, plan.failure.reason);
    const derived = plan.annotation;
    if (row.expectedAnnotation && row.expectedAnnotation !== derived) {
      return fail('annotation-changed', `Annotation changed since preview: expected "${row.expectedAnnotation}", now "${derived}"; preview again`);
    }
    const fuzzy = derived === 'email-match' || derived === 'name-match';
    if (fuzzy && (!row.expectedAnnotation || !row.expectedContactId)) {
      return fail('match-unconfirmed', `Matches an existing contact by ${derived === 'email-match' ? 'email' : 'name'} only; commit with expectedAnnotation "${derived}" and expectedContactId to apply it`);
    }
    if (row.expectedContactId && row.expectedContactId !== plan.contact?.id) {
      return fail('match-changed', 'The row no longer resolves to the contact the preview named; preview again');
    }
    if (derived === 'create') return actions.push({ index, plan, kind: 'create', link: !!plan.ext });
    const link = !!plan.ext && derived !== 'link-match';
    if (mode === 'skip') return actions.push({ index, plan, kind: 'skip', reason: derived === 'link-match' ? 'already-linked' : 'match-confirmed', link });
    actions.push({ index, plan, kind: 'update', link });
  });
  return { actions, errors };
}
