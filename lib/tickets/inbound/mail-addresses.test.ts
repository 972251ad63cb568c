import { describe, expect, it } from 'vitest';
import { htmlToText, inboxKeyOf, parseMailbox, ticketNumberInSubject } from './mail-addresses';

describe('parseMailbox', () => {
  it('reads the common forms and lowercases the address', () => {
    expect(parseMailbox('Jane Doe <Jane@Example.Test>')).toEqual({ email: 'jane@example.test', name: 'Jane Doe' });
    expect(parseMailbox('"Doe, Jane" <jane@example.test>')).toEqual({ email: 'jane@example.test', name: 'Doe, Jane' });
    expect(parseMailbox('<jane@example.test>')).toEqual({ email: 'jane@example.test', name: null });
    expect(parseMailbox(' jane@example.test ')).toEqual({ email: 'jane@example.test', name: null });
    expect(parseMailbox({ email: 'J@x.test', name: ' J ' })).toEqual({ email: 'j@x.test', name: 'J' });
  });

  it('rejects what is not a mailbox', () => {
    expect(parseMailbox('not an address')).toBeNull();
    expect(parseMailbox('Jane <jane@localhost>')).toBeNull();
    expect(parseMailbox('a@b.c, d@e.f')).toBeNull();
  });
});

describe('inboxKeyOf', () => {
  it('reads the partner slug and the optional organization slug', () => {
    expect(inboxKeyOf('acme-it@tickets.example.test', 'tickets.example.test')).toEqual({ partnerSlug: 'acme-it', orgSlug: null });
    expect(inboxKeyOf('Acme-IT+Contoso-2@Tickets.Example.Test', 'tickets.example.test')).toEqual({ partnerSlug: 'acme-it', orgSlug: 'contoso-2' });
    expect(inboxKeyOf('acme-it+contoso@anywhere.test', undefined)).toEqual({ partnerSlug: 'acme-it', orgSlug: 'contoso' });
  });

  it('ignores other domains and malformed local parts', () => {
    expect(inboxKeyOf('acme-it@other.test', 'tickets.example.test')).toBeNull();
    expect(inboxKeyOf('acme--it@tickets.example.test', 'tickets.example.test')).toBeNull();
    expect(inboxKeyOf('acme+a+b@tickets.example.test', 'tickets.example.test')).toBeNull();
    expect(inboxKeyOf('john.smith@tickets.example.test', 'tickets.example.test')).toBeNull();
  });
});

describe('ticketNumberInSubject', () => {
  it('finds the [#n] tag only', () => {
    expect(ticketNumberInSubject('Re: [#42] Printer down')).toBe(42);
    expect(ticketNumberInSubject('RE: RE: Printer [#7]')).toBe(7);
    expect(ticketNumberInSubject('Invoice #42')).toBeNull();
    expect(ticketNumberInSubject('[#] nothing')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('keeps the words and line structure, drops markup, scripts and styles', () => {
    const html = '<html><head><style>p{color:red}</style></head><body><p>Hello&nbsp;<b>team</b>,</p><div>Line&#33; &amp; more<br>next &#x263A;</div><script>alert(1)</script></body></html>';
    expect(htmlToText(html)).toBe('Hello team,\nLine! & more\nnext ☺');
  });
});
