import { describe, expect, it } from 'vitest';
import { toCwCompany, toCwContact, toCwTicket } from './connectwise-adapter';
import { toHaloCompany, toHaloTicket } from './halopsa-adapter';
import { PsaError } from './psa-error';

describe('ConnectWise records', () => {
  it('maps a company with its address and last update', () => {
    const c = toCwCompany({ id: 250, identifier: 'Contoso', name: ' Contoso Dental ', status: { name: 'Active' }, addressLine1: '1 Main', city: 'Springfield', zip: '62701', _info: { lastUpdated: '2026-01-02T03:04:05Z' } });
    expect(c).toMatchObject({ externalId: '250', name: 'Contoso Dental', status: 'Active', address: '1 Main, Springfield, 62701' });
    expect(c.updatedAt?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('picks the default email and phone of a contact', () => {
    const items = [
      { communicationType: 'Email', value: 'old@x.example', defaultFlag: false },
      { communicationType: 'Email', value: 'main@x.example', defaultFlag: true },
      { communicationType: 'Phone', value: '555', defaultFlag: false },
    ];
    expect(toCwContact({ id: 9, firstName: 'Ana', company: { id: 250 }, communicationItems: items, _info: {} })).toMatchObject({ name: 'Ana', email: 'main@x.example', phone: '555', companyExternalId: '250', updatedAt: null });
  });

  it('refuses records without identity', () => {
    expect(() => toCwCompany({ name: 'No id' })).toThrow(PsaError);
    expect(toCwTicket({ id: 1, _info: { dateEntered: 'garbage' } })).toMatchObject({ summary: 'Ticket 1', createdAt: null });
  });
});

describe('HaloPSA records', () => {
  it('maps clients and tickets, preferring names over ids', () => {
    expect(toHaloCompany({ id: 12, name: 'Adatum', inactive: true })).toMatchObject({ externalId: '12', status: 'Inactive', updatedAt: null });
    expect(toHaloTicket({ id: 7, summary: 'VPN', status_id: 1, status_name: 'New', priority_id: 2, client_id: 12 })).toMatchObject({ status: 'New', priority: '2', companyExternalId: '12' });
  });
});
