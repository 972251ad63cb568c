import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholderValues, unknownPlaceholders } from './placeholders';

const values = placeholderValues({
  ticket: { number: 42, subject: 'Printer down', status: 'on_hold', priority: 'p2', dueAt: new Date('2026-05-01T13:30:00Z'), requesterName: 'Ada  Lovelace', requesterEmail: 'ada@example.test' },
  organizationName: 'Contoso',
  partnerName: 'Acme IT',
  agent: { name: 'Tom Tech', email: 'tom@acme.test' },
});

describe('canned reply placeholders', () => {
  it('fills ticket, contact, organization, partner and agent values, tolerating spaces', () => {
    const out = fillPlaceholders('Hi {{contact.firstName}}, #{{ ticket.number }} ({{ticket.subject}}) is {{ticket.status}}/{{ticket.priority}} due {{ticket.dueAt}}. {{organization.name}} · {{partner.name}} · {{agent.name}} <{{agent.email}}> {{contact.email}} {{contact.name}}', values);
    expect(out).toBe('Hi Ada, #42 (Printer down) is On hold/P2 due 2026-05-01 13:30. Contoso · Acme IT · Tom Tech <tom@acme.test> ada@example.test Ada  Lovelace');
  });

  it('falls back to the email for a contact without a name and leaves unknown names alone', () => {
    const anon = placeholderValues({
      ticket: { number: 1, subject: 's', status: 'new', priority: 'p3', dueAt: null, requesterName: null, requesterEmail: 'x@y.test' },
      organizationName: 'O',
      partnerName: 'P',
      agent: { name: 'A', email: 'a@p.test' },
    });
    expect(fillPlaceholders('{{contact.name}}|{{contact.firstName}}|{{ticket.dueAt}}|{{ticket.owner}}', anon)).toBe('x@y.test|||{{ticket.owner}}');
  });

  it('reports unknown placeholders once each', () => {
    expect(unknownPlaceholders('{{ticket.number}} {{ticket.owner}} {{ ticket.owner }} {{foo.bar}} {{notaplaceholder}}')).toEqual(['ticket.owner', 'foo.bar']);
  });
});
