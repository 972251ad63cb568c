// Two-partner worlds for the tenancy contract suites: one of (nearly) every record a path id can
// name, created through the API where a route creates it, written directly where only the
// system does (deliveries, dead letters, notifications, contract periods, distributor rows).
import { randomBytes, randomUUID } from 'node:crypto';
import { routeIndex } from '@/app/api/route-index.generated';
import { db } from '@/lib/db';
import type { RouteMeta } from '@/lib/http/define-route';
import { resetEnvCache } from '@/lib/env';
import { ALL_PERMISSIONS, type Permission } from '@/lib/auth/permissions';
import { api, call, type TestResponse, type Json } from '../http';
import { makeOrg, makePartner, makePartnerUser, makeOrgUser, tokenFor } from '../factories';
import { fileUpload, SAMPLES } from '../multipart';
import { enroll, createKey } from '../agents';
import { makePortalUser } from '../portal';
import { validInput } from './valid-input';
import { runReport } from '@/lib/reports/run-report';

const uniq = () => randomBytes(3).toString('hex');

export interface Tenant {
  label: string;
  /** Put into the names and texts of this tenant's records; a list that shows it leaks them. */
  marker: string;
  partner: Awaited<ReturnType<typeof makePartner>>;
  adminId: string;
  /** Partner admin, MFA-satisfied. */
  token: string;
  /** An API key of the admin with every permission. */
  apiKey: string;
  orgs: { id: string; partnerId: string; name: string }[];
  /** The enrolled agent of the first organization (its credential). */
  agentToken: string;
  /** Partner-wide records and the records of the first organization, by kind. */
  ids: Record<string, string>;
}

export function ensure(res: TestResponse, what: string, ok = [200, 201, 202]): Json {
  if (!ok.includes(res.status)) throw new Error(`seeding ${what}: ${res.status} ${res.text.slice(0, 500)}`);
  const b = res.body;
  if (b?.id) return b;
  if (b?.data?.id) return b.data;
  // Some creates answer { <noun>: {...}, … }: take the first nested record.
  const holder = b?.data && typeof b.data === 'object' && !Array.isArray(b.data) ? b.data : b;
  const nested = holder && Object.values(holder).find((v: Json) => v && typeof v === 'object' && typeof v.id === 'string');
  return nested ?? b;
}

/** POSTs a body derived from the route's own schema, with `overrides` on top. */
async function create(token: string, path: string, ids: Record<string, string>, text: string, overrides: Record<string, unknown> = {}, method = 'POST') {
  const entry = routeIndex.find((r) => r.path === path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}'));
  const meta: Partial<RouteMeta> = (entry ? ((await entry.load())[method] as { meta?: RouteMeta } | undefined)?.meta : undefined) ?? {};
  const base = meta.body ? (validInput(meta.body, { idFor: (f) => ids[f], text }) as Record<string, unknown>) : {};
  const merged = { ...(base ?? {}), ...overrides };
  // A discriminated union's sample may belong to another branch than the overrides name.
  const body = meta.body && !meta.body.safeParse(merged).success && meta.body.safeParse(overrides).success ? overrides : merged;
  return ensure(await call(method, path, { token, body }), `${method} ${path}`);
}

/** The partner-wide records of a tenant (roles, keys, catalog, library, templates, integrations…). */
async function seedPartnerRecords(t: Tenant): Promise<void> {
  const { token, marker, ids } = t;
  const org = t.orgs[0];
  ids.org = org.id;
  ids.partner = t.partner.id;
  ids.role = (await create(token, '/roles', ids, marker, { name: `${marker} role`, permissions: ['devices:read'] })).id;
  const member = await makePartnerUser(t.partner, { name: `${marker} member`, role: 'Technician' });
  ids.user = member.id;
  ids.apiKey = (await create(token, '/api-keys', ids, marker, { name: `${marker} key`, scopes: ['devices:read'] })).id;
  ids.servicePrincipal = (await create(token, '/service-principals', ids, marker, { name: `${marker} principal`, scopes: ['organizations:read'] })).id;
  ids.psaConnection = (await create(token, '/psa/connections', ids, marker, { provider: 'halopsa', name: `${marker} PSA`, baseUrl: 'http://127.0.0.1:9', credentials: { clientId: `${marker}-psa`, clientSecret: `${marker}-psa-secret` } })).id;
  ids.pluginInstallation = (await create(token, '/plugins/installations', ids, marker, { slug: 'fleet-status-board', consent: { scopes: ['devices:read', 'orgs:read'], events: [] }, config: {} })).id;
  const review = await create(token, '/access-reviews', ids, marker, { name: `${marker} review` });
  ids.accessReview = review.id;
  ids.accessReviewItem = (await db.accessReviewItem.findFirstOrThrow({ where: { reviewId: review.id } })).id;
  ids.catalogItem = (await create(token, '/catalog', ids, marker, { name: `${marker} item`, sku: `sku-${uniq()}`, type: 'service', prices: [{ currency: 'EUR', unitPrice: '10.00' }] })).id;
  ids.softwarePackage = (await create(token, '/software/catalog', ids, marker, { name: `${marker} software`, kind: 'installer', packageRef: undefined })).id;
  ids.softwareVersion = (await create(token, `/software/catalog/${ids.softwarePackage}/versions`, ids, marker, { version: '1.0.0', releaseNotes: `${marker} notes`, silentInstallArgs: '/S' })).id;
  ensure(
    await call('POST', `/software/catalog/${ids.softwarePackage}/versions/${ids.softwareVersion}/installer`, { token, rawBody: `${marker} installer bytes`, headers: { 'content-type': 'application/octet-stream' }, query: { fileName: 'setup.exe' } }),
    'software installer',
  );
  ids.scriptCategory = (await create(token, '/script-library/categories', ids, marker, { name: `${marker} category` })).id;
  ids.scriptTag = (await create(token, '/script-library/tags', ids, marker, { name: `${marker.toLowerCase()}-tag` })).id;
  ids.ticketResponseTemplate = (await create(token, '/ticket-response-templates', ids, marker, { name: `${marker} reply`, body: `${marker} body` })).id;
  ids.alertTemplate = (await create(token, '/alert-templates/templates', ids, marker, { kind: 'message', name: `${marker} template`, subject: `${marker} {{severity}}`, body: '{{message}}' })).id;
  ids.notification = (await db.notification.create({ data: { userId: t.adminId, partnerId: t.partner.id, type: 'alert', title: `${marker} notification`, body: marker } })).id;
  // An assistant conversation of the admin with an action waiting for approval (no model is needed to read it).
  ids.aiSession = (await db.aiSession.create({ data: { partnerId: t.partner.id, userId: t.adminId, title: `${marker} conversation` } })).id;
  const aiMessage = await db.aiMessage.create({ data: { sessionId: ids.aiSession, role: 'assistant', content: [], text: `${marker} answer` } });
  ids.aiExecution = (
    await db.aiToolExecution.create({ data: { sessionId: ids.aiSession, messageId: aiMessage.id, partnerId: t.partner.id, userId: t.adminId, toolCallId: 'call_1', toolName: 'list_devices', method: 'GET', path: '/api/v1/devices', arguments: {}, readOnly: true, status: 'pending' } })
  ).id;
  const integration = await db.distributorIntegration.create({ data: { partnerId: t.partner.id, name: `${marker} distributor` } });
  ids.distributorIntegration = integration.id;
  ids.distributorProductKey = `prd-${marker.toLowerCase()}`;
  await db.distributorProduct.create({ data: { integrationId: integration.id, partnerId: t.partner.id, distributorProductId: ids.distributorProductKey, name: `${marker} product` } });
  await db.distributorCompany.create({ data: { integrationId: integration.id, partnerId: t.partner.id, distributorCompanyId: `cmp-${marker.toLowerCase()}`, name: `${marker} company`, status: 'active', orgId: org.id } });
  await db.distributorSubscription.create({ data: { integrationId: integration.id, partnerId: t.partner.id, distributorSubscriptionId: `sub-${marker.toLowerCase()}`, distributorCompanyId: `cmp-${marker.toLowerCase()}`, productName: `${marker} subscription`, status: 'active' } });
  await call('PATCH', '/orgs/partners/me/portal-branding', { token, body: { companyName: `${marker} brand` } });
  // SNMP templates are partner-wide (every organization's devices may use them).
  ids.snmpTemplate = (await create(token, '/snmp/templates', ids, marker, { name: `${marker} snmp template`, oids: [{ oid: '1.3.6.1.2.1.1.3.0', name: 'sysUpTime', type: 'gauge' }] })).id;
}

/** The records of one organization; returned by kind (the tenant's first organization's go into t.ids). */
export async function seedOrgRecords(t: Tenant, org: { id: string; partnerId: string }, marker = t.marker): Promise<Record<string, string>> {
  const { token } = t;
  const ids: Record<string, string> = { ...t.ids, org: org.id, orgId: org.id };
  const c = (path: string, overrides: Record<string, unknown> = {}, method = 'POST') => create(token, path, ids, marker, overrides, method);
  ids.site = (await c('/orgs/sites', { orgId: org.id, name: `${marker} site` })).id;
  ids.siteId = ids.site;
  // The audit entry of the site's creation: an entry of this organization.
  ids.auditLog = (await db.auditLog.findFirstOrThrow({ where: { targetType: 'site', targetId: ids.site, orgId: org.id } })).id;
  const key = await createKey(token, { orgId: org.id, name: `${marker} enrollment` });
  ids.enrollmentKey = key.id;
  const agent = await enroll(key.key, { hostname: `${marker.toLowerCase()}-host-${uniq()}` });
  ids.device = agent.deviceId;
  ids.deviceId = agent.deviceId;
  ids.agent = agent.agentId;
  ids.agentToken = agent.authToken;
  await call('PATCH', `/devices/${agent.deviceId}`, { token, body: { tags: [`${marker.toLowerCase()}-tag`] } });
  ids.group = (await c('/groups', { name: `${marker} group`, orgId: org.id, type: 'static', deviceIds: [agent.deviceId] })).id;
  ids.groupId = ids.group;
  ids.dynamicGroup = (await c('/groups', { name: `${marker} dynamic group`, orgId: org.id, type: 'dynamic', rules: { match: 'all', conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } })).id;
  ids.deviceCommand = (await c(`/devices/${agent.deviceId}/commands`, { type: 'refresh_inventory' })).id;
  ids.savedFilter = (await c('/filters', { name: `${marker} filter`, orgId: org.id, visibility: 'shared', rules: { match: 'all', conditions: [{ field: 'hostname', op: 'starts_with', value: marker.toLowerCase() }] } })).id;
  const software = [{ name: `${marker.toLowerCase()}-pkg`, version: '1.0', publisher: `${marker} vendor`, source: 'dpkg' }];
  ensure(await call('PUT', `/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { hardware: {}, os: {}, disks: [], network: [], software } }), 'device software');
  ids.deviceSoftware = (await db.deviceSoftware.findFirstOrThrow({ where: { deviceId: agent.deviceId } })).id;
  // A patch found by the agent's scan: the catalogue row is visible through this device only.
  const patchName = `${marker}-pkg`;
  const report = { manager: 'apt', refreshed: true, updates: [{ name: patchName, installedVersion: '1.0', version: '1.1', severity: 'important', cveIds: [] }] };
  ensure(await call('PUT', `/agents/${agent.agentId}/patches`, { token: agent.authToken, body: report }), 'patch report');
  ids.patch = (await db.patch.findFirstOrThrow({ where: { name: patchName } })).id;
  // A vulnerability finding on the device. `/vulnerabilities/{id}/…` names a finding (accept-risk,
  // mitigate, reopen) or a CVE (devices): the finding is filed under a CVE named like its own id,
  // so one id serves both (records without a CVE are filed under their advisory id).
  const findingId = randomUUID();
  await db.vulnerabilityFinding.create({
    data: { id: findingId, partnerId: org.partnerId, orgId: org.id, deviceId: agent.deviceId, cveId: findingId, ecosystem: 'debian:12', packageName: patchName, installedVersion: '1.0', fixedVersion: '1.1', advisoryIds: [`DSA-${marker}`] },
  });
  ids.vulnerabilityFinding = findingId;
  ids.vulnerabilityGroup = `debian:12:${patchName}`;
  ids.rule = (await c('/alerts/rules', { name: `${marker} rule`, severity: 'high', orgId: org.id, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } })).id;
  ids.channel = (await c('/alerts/channels', { name: `${marker} channel`, kind: 'webhook', orgId: org.id, config: { url: 'http://127.0.0.1:9/hook' } })).id;
  ids.policy = (await c('/alerts/policies', { name: `${marker} policy`, orgId: org.id, channelIds: [ids.channel] })).id;
  ids.monitor = (await c('/monitors', { orgId: org.id, name: `${marker} monitor`, kind: 'tcp', config: { host: '127.0.0.1', port: 9 } })).id;
  ids.snmpDevice = (await c('/snmp/devices', { orgId: org.id, name: `${marker} snmp device`, host: '127.0.0.1', port: 9, timeoutMs: 200, retries: 0, templateId: ids.snmpTemplate, credentials: { version: 'v2c', community: 'tenancy' } })).id;
  ids.snmpThreshold = (await c('/snmp/thresholds', { deviceId: ids.snmpDevice, oid: '1.3.6.1.2.1.1.3.0', operator: 'lt', value: 1 })).id;
  ids.snmpOid = '1.3.6.1.2.1.1.3.0';
  // A second SNMP device, polled through the tenant's agent: one poll delivered to it (sent).
  const probed = await c('/snmp/devices', { orgId: org.id, name: `${marker} probed snmp device`, host: '192.0.2.9', credentials: { version: 'v2c', community: 'tenancy' }, probeDeviceId: agent.deviceId });
  ids.snmpPollCommand = (
    await db.deviceCommand.create({ data: { partnerId: org.partnerId, orgId: org.id, deviceId: agent.deviceId, type: 'snmp_poll', payload: { snmpDeviceId: probed.id }, source: 'system', status: 'sent', sentAt: new Date() } })
  ).id;
  // A remote session needs a live agent channel to open through the API: written directly.
  ids.remoteSession = (await db.remoteSession.create({ data: { partnerId: org.partnerId, orgId: org.id, deviceId: agent.deviceId, type: 'terminal' } })).id;
  ids.tunnel = (await c('/tunnels', { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort: 9 })).id;
  // A one-off window an hour ahead: its occurrence is scheduled (start/end have a state to move).
  const window = await c('/maintenance/windows', {
    name: `${marker} maintenance`,
    orgId: org.id,
    targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [agent.deviceId] },
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    durationMinutes: 60,
    timezone: 'UTC',
    recurrence: 'none',
  });
  ids.maintenanceWindow = window.id;
  ids.maintenanceOccurrence = (await db.maintenanceOccurrence.findFirstOrThrow({ where: { windowId: window.id } })).id;
  ids.maintenanceWindowId = window.id;
  ids.deployment = (await c('/deployments', { name: `${marker} deployment`, orgId: org.id, kind: 'software', payload: { packageId: ids.softwarePackage, versionId: ids.softwareVersion }, targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [agent.deviceId] } })).id;
  ids.dashboard = (await c('/analytics/dashboards', { name: `${marker} dashboard`, orgId: org.id })).id;
  ids.widget = (await c(`/analytics/dashboards/${ids.dashboard}/widgets`, { title: `${marker} widget`, type: 'number', query: { source: 'devices', measure: 'count' } })).id;
  ids.sla = (await c('/analytics/sla', { name: `${marker} SLA`, orgId: org.id, targetKind: 'alert', responseMinutes: 15, resolveMinutes: 60 })).id;
  ids.patchPolicy = (await c('/patch-policies', { name: `${marker} patch policy`, orgId: org.id, targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [agent.deviceId] }, maintenanceWindowId: window.id })).id;
  ids.configPolicy = (await c('/policies', { name: `${marker} configuration policy`, orgId: org.id, checks: [{ id: 'svc', kind: 'service_running', name: 'sshd' }], assignments: [{ targetType: 'device', targetId: agent.deviceId }] })).id;
  ids.discoveryProfile = (await c('/discovery/profiles', { name: `${marker} discovery`, subnets: ['192.0.2.0/28'], ports: [22], probeDeviceId: agent.deviceId })).id;
  ids.discoveryJob = ensure(await api.post('/discovery/scan', { token, body: { profileId: ids.discoveryProfile } }), 'discovery scan').id;
  ids.discoveryAsset = (await db.discoveryAsset.create({ data: { partnerId: org.partnerId, orgId: org.id, profileId: ids.discoveryProfile, ip: '192.0.2.7', hostname: `${marker.toLowerCase()}-printer`, openPorts: [22] } })).id;
  // Security posture: a report failing the firewall check (so a recommendation exists), the
  // organization's security policy and a detected threat of a completed scan.
  const security = {
    firewall: { status: 'inactive' },
    encryption: { status: 'unknown' },
    antivirus: { installed: true, product: 'clamav', signatureUpdatedAt: new Date().toISOString() },
    passwordPolicy: { known: false },
    adminAccounts: { known: false },
    sshd: { installed: false, known: true },
  };
  ensure(await call('PUT', `/agents/${agent.agentId}/security`, { token: agent.authToken, body: security }), 'security report');
  ids.securityRecommendation = (await db.securityRecommendation.findFirstOrThrow({ where: { orgId: org.id, checkKey: 'firewall_enabled' } })).id;
  ids.securityPolicy = (await c('/security/policies', { name: `${marker} security policy`, orgId: org.id, checks: {} })).id;
  const scan = await db.securityScan.create({ data: { deviceId: agent.deviceId, paths: ['/tmp'], status: 'completed', threatsFound: 1, completedAt: new Date() } });
  ids.securityThreat = (await db.securityThreat.create({ data: { deviceId: agent.deviceId, scanId: scan.id, name: 'Eicar-Test-Signature', filePath: `/tmp/${marker.toLowerCase()}-eicar.com` } })).id;
  ids.pamSignerGroup = (await c('/pam/signer-groups', { orgId: org.id, name: `${marker} signers`, signers: [`${marker} vendor`] })).id;
  ids.pamRule = (await c('/pam/rules', { orgId: org.id, name: `${marker} elevation rule`, verdict: 'deny', matchUser: `${marker.toLowerCase()}-nobody` })).id;
  // A pending elevation request of this device (no rule matches it, the default verdict is pending).
  const elevation = { executablePath: '/usr/bin/true', sha256: 'a'.repeat(64), commandLine: '/usr/bin/true', user: `${marker.toLowerCase()}-user`, groups: [] };
  ids.elevationRequest = ensure(await call('POST', `/agents/${agent.agentId}/elevation-requests`, { token: agent.authToken, body: elevation }), 'elevation request').id;
  ids.incident = (await c('/incidents', { orgId: org.id, title: `${marker} incident`, severity: 'p3', deviceId: agent.deviceId })).id;
  ids.edrIntegration = (await c('/incidents/integrations', { orgId: org.id, provider: 'edr_a', name: `${marker} EDR`, baseUrl: 'http://127.0.0.1:9', apiToken: `${marker}-edr-token` })).id;
  ids.ssoProvider = (await c('/sso/providers', { orgId: org.id, preset: 'oidc', name: `${marker} IdP`, issuer: 'http://127.0.0.1:9', clientId: `${marker}-client`, clientSecret: `${marker}-sso-secret`, scopes: ['openid', 'email'], emailDomains: [`${marker.toLowerCase()}-sso.test`], roleMappings: [], defaultRoleId: null, groupsClaim: 'groups', enforceSso: false, trustIdpMfa: false, jitProvisioning: true, enabled: true })).id;
  // A claimed, still pending email domain of that provider (verifying it would query DNS).
  ids.ssoDomain = `${marker.toLowerCase()}-sso.test`;
  const now = new Date();
  const alert = await db.alert.create({
    data: { partnerId: org.partnerId, orgId: org.id, deviceId: agent.deviceId, ruleId: ids.rule, openKey: `seed:${randomUUID()}`, status: 'active', severity: 'high', title: `${marker} alert`, message: marker, source: 'rule', triggeredAt: now },
  });
  ids.alert = alert.id;
  // The monitor points at a closed port: a running worker may check it and open its alert first,
  // so the seed takes that alert over instead of racing it on the open key.
  const monitorAlertData = { status: 'active' as const, severity: 'high' as const, title: `${marker} monitor alert`, message: marker };
  const monitorAlert = await db.alert.upsert({
    where: { openKey: `monitor:${ids.monitor}` },
    create: { partnerId: org.partnerId, orgId: org.id, monitorId: ids.monitor, openKey: `monitor:${ids.monitor}`, source: 'monitor', triggeredAt: now, ...monitorAlertData },
    update: monitorAlertData,
  });
  ids.monitorAlert = monitorAlert.id;
  await db.alertCorrelationGroup.create({ data: { partnerId: org.partnerId, orgId: org.id, key: `${marker}-corr-${uniq()}`, reason: 'device', rootAlertId: alert.id } });
  const ticket = await c('/tickets', { orgId: org.id, subject: `${marker} ticket`, description: marker, requesterEmail: 'requester@example.test' });
  ids.ticket = ticket.id;
  ids.ticketId = ticket.id;
  const upload = fileUpload(SAMPLES.png, `${marker.toLowerCase()}.png`, 'image/png');
  ids.attachment = ensure(await api.post(`/tickets/${ticket.id}/attachments`, { token, rawBody: upload.body, headers: { 'content-type': upload.contentType } }), 'attachment').id;
  // A public comment claims the attachment, so the requester's portal sees it too.
  ids.comment = (await c(`/tickets/${ticket.id}/comments`, { content: `${marker} comment`, attachmentIds: [ids.attachment], visibility: 'public' })).id;
  const contact = await makePortalUser(org, { name: `${marker} contact` });
  ids.contact = contact.id;
  ids.contactId = contact.id;
  const hook = await c('/webhooks', { orgId: org.id, name: `${marker} webhook`, url: 'http://127.0.0.1:9/hook', events: ['device.online'] });
  ids.webhook = hook.id;
  const delivery = await db.webhookDelivery.create({ data: { webhookId: hook.id, partnerId: org.partnerId, orgId: org.id, status: 'failed', event: 'device.online', eventId: `evt-${uniq()}`, payload: { marker }, attempt: 5 } });
  ids.delivery = delivery.id;
  ids.deadLetter = (await db.webhookDeadLetter.create({ data: { deliveryId: delivery.id, webhookId: hook.id, partnerId: org.partnerId, orgId: org.id, event: 'device.online', eventId: delivery.eventId, attempts: 5, lastError: marker } })).id;
  const script = await c('/scripts', { name: `${marker} script`, orgId: org.id, osTypes: ['linux'], language: 'bash', content: `echo ${marker}` });
  ids.script = script.id;
  // A second version, so the first is a rollback target.
  await c(`/script-library/scripts/${script.id}/versions`, { name: `${marker} script`, osTypes: ['linux'], language: 'bash', content: `echo ${marker} v2` });
  ids.scriptVersion = (await db.scriptVersion.findFirstOrThrow({ where: { scriptId: script.id }, orderBy: { createdAt: 'asc' } })).id;
  ensure(await api.post(`/scripts/${script.id}/execute`, { token, body: { deviceIds: [agent.deviceId] } }), 'execute');
  ids.scriptExecution = (await db.scriptExecution.findFirstOrThrow({ where: { scriptId: script.id } })).id;
  ids.automation = (await c('/automations', { name: `${marker} automation`, orgId: org.id, trigger: { type: 'manual' }, actions: [{ type: 'run_script', scriptId: script.id }], targets: { deviceIds: [agent.deviceId] } })).id;
  ids.automationRun = ensure(await api.post(`/automations/${ids.automation}/trigger`, { token, body: {} }), 'automation trigger').id;
  ids.customFieldKey = `${marker.toLowerCase()}_field`;
  ids.customField = (await c('/custom-fields', { orgId: org.id, key: ids.customFieldKey, name: `${marker} field`, type: 'text' })).id;
  ids.asset = (await c('/assets', { orgId: org.id, kind: 'other', name: `${marker} asset` })).id;
  await db.assetCheckout.create({ data: { partnerId: org.partnerId, orgId: org.id, assetId: ids.asset, contactId: contact.id, note: marker } });
  const contract = await c('/contracts', { orgId: org.id, name: `${marker} contract`, currency: 'EUR', startDate: '2026-01-15' });
  ids.contract = contract.id;
  await c(`/contracts/${contract.id}/lines`, { type: 'manual', unitPrice: '3.00', description: `${marker} line`, manualQuantity: '1' });
  ids.contractLine = (await db.contractLine.findFirstOrThrow({ where: { contractId: contract.id } })).id;
  ids.contractPeriod = (await db.contractPeriod.create({ data: { contractId: contract.id, periodStart: new Date('2026-01-15'), periodEnd: new Date('2026-02-14'), snapshotDeviceTotal: 1, uncoveredTotal: 0, flaggedTotal: 0, billedOverageTotal: 0, billedOverageAmount: '0' } })).id;
  const invoice = await c('/invoices', { orgId: org.id, currency: 'EUR', notes: marker });
  ids.invoice = invoice.id;
  await c(`/invoices/${invoice.id}/lines`, { description: `${marker} line`, quantity: '1', unitPrice: '5.00' });
  ids.invoiceLine = (await db.invoiceLine.findFirstOrThrow({ where: { invoiceId: invoice.id } })).id;
  await db.invoiceLineDevice.create({ data: { invoiceLineId: ids.invoiceLine, deviceId: agent.deviceId, hostname: `${marker} host`, role: 'workstation', countedAs: 'included', position: 0 } });
  const quote = await c('/quotes', {
    orgId: org.id,
    title: `${marker} quote`,
    currency: 'EUR',
    recipientEmail: 'buyer@example.test',
    blocks: [{ title: `${marker} block`, body: marker }],
    lines: [{ type: 'one_time', description: `${marker} line`, unitPrice: '7.00' }],
  });
  ids.quote = quote.id;
  ids.quoteBlock = (await db.quoteBlock.findFirstOrThrow({ where: { quoteId: quote.id } })).id;
  ids.quoteLine = (await db.quoteLine.findFirstOrThrow({ where: { quoteId: quote.id } })).id;
  const order = await db.distributorOrder.create({ data: { partnerId: org.partnerId, orgId: org.id, integrationId: t.ids.distributorIntegration } });
  ids.distributorOrder = order.id;
  ids.distributorOrderLine = (await db.distributorOrderLine.create({ data: { orderId: order.id, action: 'new_subscription', distributorProductId: t.ids.distributorProductKey, quantity: '1' } })).id;
  ids.report = (await c('/reports', { orgId: org.id, name: `${marker} report`, type: 'device_inventory', format: 'csv', schedule: null, config: { emailRecipients: [] }, filters: { orgIds: [], siteIds: [], rangeDays: 30 } })).id;
  ids.reportRun = (await c(`/reports/${ids.report}/generate`, { email: false })).id;
  // Generated at once (the worker's own function), so its file exists for the download probe.
  await runReport(ids.reportRun, { attempt: 1, maxAttempts: 1 });
  return ids;
}

/** A partner with two organizations, an MFA-satisfied admin, an all-permission API key and every kind of record. */
export async function seedTenant(label: string): Promise<Tenant> {
  // Channels and webhooks need a deliverable URL; with no network, a loopback one (test-only switch).
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  const marker = `ZQ${label}${randomBytes(4).toString('hex').toUpperCase()}`;
  const partner = await makePartner({ name: `${marker} partner` });
  const admin = await makePartnerUser(partner, { name: `${marker} admin` });
  const token = await tokenFor(admin, { mfa: true });
  const orgs = [await makeOrg(partner.id, `${marker} org one`), await makeOrg(partner.id, `${marker} org two`)];
  const keyRes = await api.post('/api-keys', { token, body: { name: `${marker} admin key`, scopes: ALL_PERMISSIONS as readonly Permission[] } });
  const t: Tenant = { label, marker, partner, adminId: admin.id, token, apiKey: ensure(keyRes, 'admin api key').key, orgs, ids: {}, agentToken: '' };
  await seedPartnerRecords(t);
  Object.assign(t.ids, await seedOrgRecords(t, orgs[0]));
  t.agentToken = t.ids.agentToken;
  delete t.ids.agentToken;
  return t;
}

/** An organization-scope admin of the tenant's first organization, MFA-satisfied. */
export async function orgAdminOf(t: Tenant) {
  const user = await makeOrgUser(t.partner, t.orgs[0], { name: `${t.marker} org admin` });
  return { user, token: await tokenFor(user, { mfa: true }) };
}
