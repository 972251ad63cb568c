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

describe('Autotask, Zendesk and Syncro records', () => {
  it('maps an Autotask company, contact and ticket with picklist labels', async () => {
    const { toAtCompany, toAtContact, toAtTicket } = await import('./autotask-adapter');
    expect(toAtCompany({ id: 5, companyName: 'Tailspin', companyNumber: 'C5', isActive: false, address1: '1 Road', city: 'Portland', lastActivityDate: '2026-01-02T03:04:05Z' })).toMatchObject({ externalId: '5', identifier: 'C5', status: 'Inactive', address: '1 Road, Portland' });
    expect(toAtContact({ id: 7, companyID: 5, firstName: 'Dana', emailAddress: 'd@x.example', lastModifiedDate: '2026-01-02T00:00:00Z' })).toMatchObject({ name: 'Dana', companyExternalId: '5', email: 'd@x.example' });
    expect(toAtTicket({ id: 9, title: 'Hot', status: 8, priority: 4, companyID: 5 })).toMatchObject({ status: 'In Progress', priority: 'Critical', companyName: null });
    expect(toAtTicket({ id: 9, title: 'Custom', status: 42, priority: 2 })).toMatchObject({ status: '42', priority: 'Medium' });
  });

  it('maps Zendesk organizations, users and tickets', async () => {
    const { toZdOrganization, toZdUser, toZdTicket } = await import('./zendesk-adapter');
    expect(toZdOrganization({ id: 1, name: 'Proseware', domain_names: ['proseware.example'], external_id: 'PW-1', updated_at: '2026-01-02T03:04:05Z' })).toMatchObject({ externalId: '1', website: 'https://proseware.example', identifier: 'PW-1' });
    expect(toZdUser({ id: 2, name: 'Fay', organization_id: 1 })).toMatchObject({ companyExternalId: '1', email: null });
    expect(toZdTicket({ id: 3, subject: 'Print', status: 'pending', priority: 'urgent' })).toMatchObject({ status: 'Pending', priority: 'Urgent' });
    expect(() => toZdOrganization({ id: 1 })).toThrow(PsaError);
  });

  it('names a Syncro customer by business, else person', async () => {
    const { toSyncroCustomer, toSyncroTicket } = await import('./syncro-adapter');
    expect(toSyncroCustomer({ id: 1, business_name: 'Coho', firstname: 'Jon', city: 'Napa', disabled: true })).toMatchObject({ name: 'Coho', status: 'Disabled', address: 'Napa' });
    expect(toSyncroCustomer({ id: 2, business_name: '', firstname: 'Jon', lastname: 'Park' })).toMatchObject({ name: 'Jon Park' });
    expect(toSyncroTicket({ id: 3, number: 1001, subject: '', status: 'New', customer_id: 1, customer_business_then_name: 'Coho' })).toMatchObject({ summary: 'Ticket 1001', companyName: 'Coho' });
  });
});
