// Billing test helpers: catalog items, contracts and a seeded device fleet (rows written
// directly; billing reads devices, it never talks to agents).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { db } from '@/lib/db';
import { api } from './http';

const uniq = () => randomBytes(4).toString('hex');

export async function newCatalogItem(token: string, body: Record<string, unknown> = {}) {
  const res = await api.post('/catalog', { token, body: { name: `Item ${uniq()}`, type: 'service', prices: [{ currency: 'EUR', unitPrice: '10.00' }], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export async function newContract(token: string, body: Record<string, unknown>) {
  const res = await api.post('/contracts', { token, body: { name: `Contract ${uniq()}`, currency: 'EUR', startDate: '2026-01-15', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export interface SeedDevice {
  hostname?: string;
  siteId?: string | null;
  osType?: 'windows' | 'macos' | 'linux' | null;
  osVersion?: string | null;
  tags?: string[];
  status?: 'pending' | 'online' | 'offline' | 'uninstalled' | 'decommissioned';
}

export async function seedDevice(org: { id: string; partnerId: string }, d: SeedDevice = {}) {
  return db.device.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      siteId: d.siteId ?? null,
      hostname: d.hostname ?? `host-${uniq()}`,
      osType: d.osType === undefined ? 'windows' : d.osType,
      osVersion: d.osVersion === undefined ? 'Windows 11 Pro' : d.osVersion,
      tags: d.tags ?? [],
      status: d.status ?? 'online',
      ...(d.status === 'decommissioned' ? { decommissionedAt: new Date() } : {}),
    },
  });
}

export async function seedStaticGroup(org: { id: string; partnerId: string }, deviceIds: string[], name = `Group ${uniq()}`) {
  const group = await db.deviceGroup.create({ data: { partnerId: org.partnerId, orgId: org.id, name, type: 'static' } });
  if (deviceIds.length) {
    await db.deviceGroupMembership.createMany({ data: deviceIds.map((deviceId) => ({ groupId: group.id, deviceId, partnerId: org.partnerId, orgId: org.id, source: 'manual' })) });
  }
  return group;
}
