// Portal branding: the MSP's partner-level and organization-level settings, stored logos, custom
// domains and the public branding lookups by domain, Host header and site key.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { fileUpload, SAMPLES } from '../helpers/multipart';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { makeContact, makePortalUser, portalLogin } from '../helpers/portal';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let orgA: { id: string; partnerId: string };
let adminA: string;
let adminAMfa: string;
let adminB: string;
let techA: string;

function uploadLogo(path: string, token: string, data: Buffer | string, name = 'logo.png') {
  const form = fileUpload(data, name);
  return api.put(path, { token, rawBody: form.body, headers: { 'content-type': form.contentType } });
}

beforeAll(async () => {
  partnerA = await makePartner({ name: 'Acme MSP' });
  partnerB = await makePartner({ name: 'Bravo IT' });
  orgA = await makeOrg(partnerA.id, 'Contoso');
  const admin = await makePartnerUser(partnerA);
  adminA = await tokenFor(admin);
  adminAMfa = await tokenFor(admin, { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB));
  techA = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician' }));
});

beforeEach(() => clearQueuedEmails());

describe('partner branding', () => {
  it('starts from defaults, stores only what is sent, and null clears a field', async () => {
    const empty = await api.get('/orgs/partners/me/portal-branding', { token: adminA });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ id: null, level: 'partner', name: null, effective: { level: 'default', name: 'Acme MSP', site: partnerA.slug, logoUrl: null, colors: { primary: '#2f6fed', primaryText: '#ffffff' } } });

    const res = await api.patch('/orgs/partners/me/portal-branding', {
      token: adminA,
      body: { name: 'Acme Help Centre', primaryColor: '#FDE047', accentColor: '#7c2d12', supportEmail: 'Help@Acme.test', supportPhone: '+1 555 0199', supportUrl: 'https://acme.test/help', customDomain: 'Help.Acme-Portal.test.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Acme Help Centre', primaryColor: '#fde047', customDomain: 'help.acme-portal.test', supportEmail: 'help@acme.test' });
    // Text colours keep contrast: dark on yellow, white on brown.
    expect(res.body.effective).toMatchObject({ level: 'partner', name: 'Acme Help Centre', customDomain: 'help.acme-portal.test', colors: { primary: '#fde047', primaryText: '#111827', accent: '#7c2d12', accentText: '#ffffff' }, support: { email: 'help@acme.test', phone: '+1 555 0199', url: 'https://acme.test/help' } });

    const cleared = await api.patch('/orgs/partners/me/portal-branding', { token: adminA, body: { supportPhone: null, accentColor: null } });
    expect(cleared.body).toMatchObject({ supportPhone: null, accentColor: null, name: 'Acme Help Centre' });
    expect(cleared.body.effective.colors.accent).toBe('#0f766e');
    expect(await db.portalBranding.count({ where: { partnerId: partnerA.id, orgId: null } })).toBe(1);
  });

  it('validates colours, domains and URLs, and keeps a custom domain unique across the service', async () => {
    const status = async (body: Record<string, unknown>, token = adminA) => (await api.patch('/orgs/partners/me/portal-branding', { token, body })).status;
    expect(await status({ primaryColor: 'red' })).toBe(400);
    expect(await status({ customDomain: 'https://x.test' })).toBe(400);
    expect(await status({ customDomain: 'localhost' })).toBe(400);
    expect(await status({ customDomain: '10.0.0.1' })).toBe(400);
    expect(await status({ customDomain: 'localhost.test' })).toBe(200);
    expect(await status({ customDomain: 'help.acme-portal.test' })).toBe(200);
    expect(await status({ logoUrl: 'http://insecure.test/logo.png' })).toBe(400);
    expect(await status({ supportUrl: 'javascript:alert(1)' })).toBe(400);
    expect(await status({})).toBe(400);
    expect(await status({ unknown: 1 })).toBe(400);
    const taken = await api.patch('/orgs/partners/me/portal-branding', { token: adminB, body: { customDomain: 'help.acme-portal.test' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('DOMAIN_IN_USE');
    // The service's own host is not a custom domain.
    expect(await status({ customDomain: 'localhost' }, adminB)).toBe(400);
    // Partner settings permission and partner scope are needed.
    expect(await status({ name: 'No' }, techA)).toBe(403);
    const platform = await tokenFor(await (await import('../helpers/factories')).makePlatformAdmin());
    expect(await status({ name: 'No' }, platform)).toBe(403);
  });

  it('stores an uploaded logo, sniffed, and serves it publicly with caching headers', async () => {
    const res = await uploadLogo('/orgs/partners/me/portal-branding/logo', adminA, SAMPLES.png, 'acme.png');
    expect(res.status).toBe(200);
    expect(res.body.logo).toMatchObject({ contentType: 'image/png', sizeBytes: SAMPLES.png.length });
    expect(res.body.effective.logoUrl).toBe(res.body.logo.url);
    const logo = await api.get(res.body.logo.url.replace('/api/v1', '').split('?')[0]);
    expect(logo.status).toBe(200);
    expect(Buffer.from(logo.bytes).equals(SAMPLES.png)).toBe(true);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await api.get(`/portal/logos/${res.body.id}`, { headers: { 'if-none-match': logo.headers.get('etag')! } })).status).toBe(304);

    const svg = await uploadLogo('/orgs/partners/me/portal-branding/logo', adminA, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg');
    expect(svg.status).toBe(415);
    expect(svg.body.error.code).toBe('UNSUPPORTED_LOGO_TYPE');
    expect((await uploadLogo('/orgs/partners/me/portal-branding/logo', adminA, SAMPLES.pdf, 'logo.pdf')).body.error.code).toBe('UNSUPPORTED_LOGO_TYPE');
    const huge = await uploadLogo('/orgs/partners/me/portal-branding/logo', adminA, Buffer.concat([SAMPLES.png, Buffer.alloc(600 * 1024)]));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('LOGO_TOO_LARGE');
    // The stored logo is untouched by the refused uploads.
    expect((await api.get('/orgs/partners/me/portal-branding', { token: adminA })).body.logo.sha256).toBe(res.body.logo.sha256);

    // An uploaded logo wins over a logo URL; removing it brings the URL back.
    await api.patch('/orgs/partners/me/portal-branding', { token: adminA, body: { logoUrl: 'https://cdn.acme.test/logo.png' } });
    expect((await api.get('/orgs/partners/me/portal-branding', { token: adminA })).body.effective.logoUrl).toBe(res.body.logo.url);
    const removed = await api.delete('/orgs/partners/me/portal-branding/logo', { token: adminA });
    expect(removed.body).toMatchObject({ logo: null, effective: { logoUrl: 'https://cdn.acme.test/logo.png' } });
    expect((await api.get(`/portal/logos/${res.body.id}`)).status).toBe(404);
  });
});

describe('organization branding', () => {
  it('overrides the partner’s branding field by field for that organization', async () => {
    await api.patch('/orgs/partners/me/portal-branding', { token: adminA, body: { name: 'Acme Help Centre', primaryColor: '#1b47a8', supportEmail: 'help@acme.test' } });
    const res = await api.patch(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminA, body: { name: 'Contoso IT Desk', primaryColor: '#0f172a', customDomain: 'it.contoso.test' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ level: 'organization', orgId: orgA.id, name: 'Contoso IT Desk', supportEmail: null });
    expect(res.body.effective).toMatchObject({ level: 'organization', name: 'Contoso IT Desk', colors: { primary: '#0f172a' }, support: { email: 'help@acme.test' }, customDomain: 'it.contoso.test' });
    const logo = await uploadLogo(`/orgs/organizations/${orgA.id}/portal-branding/logo`, adminA, SAMPLES.webp, 'contoso.webp');
    expect(logo.body.effective.logoUrl).toBe(logo.body.logo.url);

    // Invitations from this organization point at its domain.
    const contact = await makeContact(orgA, { email: 'cora@contoso.test' });
    await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminAMfa });
    const [mail] = await queuedEmails('cora@contoso.test');
    expect(mail.subject).toBe('You are invited to Contoso IT Desk');
    expect(mail.text).toContain('http://it.contoso.test:3000/portal/accept-invite#token=');
    expect(mail.text).toContain('help@acme.test');

    expect((await api.delete(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminA })).body.effective).toMatchObject({ level: 'partner', name: 'Acme Help Centre' });
    expect((await api.get('/portal/branding/it.contoso.test')).status).toBe(404);
  });

  it('answers 404 to another partner on GET, PATCH, DELETE and the logo, and changes nothing', async () => {
    await api.patch(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminA, body: { name: 'Contoso Only' } });
    const before = await db.portalBranding.findFirstOrThrow({ where: { orgId: orgA.id } });
    expect((await api.get(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminB })).status).toBe(404);
    expect((await api.patch(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminB, body: { name: 'Hijacked' } })).status).toBe(404);
    expect((await api.delete(`/orgs/organizations/${orgA.id}/portal-branding`, { token: adminB })).status).toBe(404);
    expect((await uploadLogo(`/orgs/organizations/${orgA.id}/portal-branding/logo`, adminB, SAMPLES.png)).status).toBe(404);
    expect((await api.delete(`/orgs/organizations/${orgA.id}/portal-branding/logo`, { token: adminB })).status).toBe(404);
    expect(await db.portalBranding.findFirstOrThrow({ where: { orgId: orgA.id } })).toEqual(before);
    // Organization users of the customer cannot rebrand their portal either.
    const customer = await tokenFor(await makeOrgUser(partnerA, orgA));
    expect((await api.patch(`/orgs/organizations/${orgA.id}/portal-branding`, { token: customer, body: { name: 'Ours' } })).status).toBe(403);
  });
});

describe('public branding lookups', () => {
  it('resolves a custom domain: by path, by Host header, case- and port-insensitive', async () => {
    const partner = await makePartner({ name: 'Domain MSP' });
    const admin = await tokenFor(await makePartnerUser(partner));
    await api.patch('/orgs/partners/me/portal-branding', { token: admin, body: { customDomain: 'support.domain-msp.test', primaryColor: '#123456' } });
    const byPath = await api.get('/portal/branding/SUPPORT.domain-msp.test');
    expect(byPath.status).toBe(200);
    expect(byPath.body).toMatchObject({ name: 'Domain MSP', site: partner.slug, customDomain: 'support.domain-msp.test', colors: { primary: '#123456' } });
    const byHost = await api.get('/portal/branding', { headers: { host: 'Support.Domain-MSP.test:8443' } });
    expect(byHost.body).toEqual(byPath.body);
    expect((await api.get('/portal/branding/unknown.example.test')).status).toBe(404);
    expect((await api.get('/portal/branding', { headers: { host: 'unknown.example.test' } })).status).toBe(404);
    // On the shared host the site key names the partner.
    expect((await api.get('/portal/branding', { query: { site: partner.slug } })).body).toEqual(byPath.body);
    // A forwarded host counts only from a trusted proxy.
    expect((await api.get('/portal/branding', { headers: { host: 'localhost:3000', 'x-forwarded-host': 'support.domain-msp.test' } })).status).toBe(404);
  });

  it('resolves an organization’s custom domain to its branding, and a deleted organization to nothing', async () => {
    const org = await makeOrg(partnerA.id, 'Northwind');
    await api.patch(`/orgs/organizations/${org.id}/portal-branding`, { token: adminA, body: { name: 'Northwind Help', customDomain: 'help.northwind.test' } });
    expect((await api.get('/portal/branding/help.northwind.test')).body).toMatchObject({ level: 'organization', name: 'Northwind Help', site: partnerA.slug });
    await db.organization.update({ where: { id: org.id }, data: { deletedAt: new Date() } });
    expect((await api.get('/portal/branding/help.northwind.test')).status).toBe(404);
  });

  it('signs a portal user in on the domain of their organization only', async () => {
    const org = await makeOrg(partnerA.id, 'Wingtip');
    await api.patch(`/orgs/organizations/${org.id}/portal-branding`, { token: adminA, body: { customDomain: 'help.wingtip.test' } });
    const user = await makePortalUser(org);
    const browser = await portalLogin(user.email!, undefined, { headers: { host: 'help.wingtip.test', origin: 'http://help.wingtip.test' } });
    expect((await browser.get('/portal/profile')).status).toBe(200);
    const onDomain = { headers: { host: 'help.wingtip.test', origin: 'http://help.wingtip.test' } };
    // Another organization of the same partner, and another partner, are not let in there.
    const sameMsp = await makePortalUser(orgA);
    await expect(portalLogin(sameMsp.email!, undefined, onDomain)).rejects.toThrow(/401/);
    const otherPartnerUser = await makePortalUser(await makeOrg(partnerB.id));
    await expect(portalLogin(otherPartnerUser.email!, undefined, onDomain)).rejects.toThrow(/401/);
    // The shared host still works for them.
    expect((await (await portalLogin(sameMsp.email!, undefined, { site: partnerA.slug })).get('/portal/profile')).status).toBe(200);
  });
});
