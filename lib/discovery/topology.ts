// GET /discovery/topology: what scans learned, as a graph. Subnets of the profiles, the probes
// that scan them, the gateway each probe reported, every visible asset as a member of its subnet,
// and switch port neighbours from the SNMP bridge (MAC → port) and LLDP tables of switches.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { tenantWhere } from '@/lib/tenancy/scope';
import { cidrContains, parseCidr } from '@/lib/discovery/cidr';
import type { ZTopology, ZTopologyQuery } from '@/lib/discovery/schemas';

type Topology = z.output<typeof ZTopology>;
const MAX_ASSETS = 2000;

export async function getTopology(ctx: ScopedContext, q: z.output<typeof ZTopologyQuery>): Promise<Topology> {
  const scope = tenantWhere(ctx);
  const profileWhere: Prisma.DiscoveryProfileWhereInput = { AND: [scope, q.orgId ? { orgId: q.orgId } : {}, q.profileId ? { id: q.profileId } : {}] };
  const profiles = await db.discoveryProfile.findMany({ where: profileWhere, select: { id: true, subnets: true, probeDeviceId: true }, take: 200 });
  const assets = await db.discoveryAsset.findMany({
    where: { AND: [scope, { ignoredAt: null }, q.orgId ? { orgId: q.orgId } : {}, q.profileId ? { profileId: q.profileId } : {}] },
    orderBy: { lastSeenAt: 'desc' },
    take: MAX_ASSETS,
  });
  const probes = await db.device.findMany({ where: { id: { in: [...new Set(profiles.map((p) => p.probeDeviceId))] }, ...scope }, select: { id: true, hostname: true, displayName: true } });
  const lastGateways = profiles.length
    ? await db.discoveryJob.findMany({ where: { profileId: { in: profiles.map((p) => p.id) }, gateway: { not: null } }, orderBy: { createdAt: 'desc' }, distinct: ['profileId'], select: { profileId: true, gateway: true, probeDeviceId: true } })
    : [];

  const nodes = new Map<string, Topology['nodes'][number]>();
  const edges: Topology['edges'] = [];
  const edgeKeys = new Set<string>();
  const addEdge = (e: Topology['edges'][number]) => {
    const key = `${e.from}|${e.to}|${e.kind}`;
    if (!edgeKeys.has(key)) {
      edgeKeys.add(key);
      edges.push(e);
    }
  };

  const subnets = [...new Set(profiles.flatMap((p) => p.subnets))];
  for (const s of subnets) nodes.set(`subnet:${s}`, { id: `subnet:${s}`, kind: 'subnet', label: s, assetId: null, ip: null });
  for (const probe of probes) nodes.set(`device:${probe.id}`, { id: `device:${probe.id}`, kind: 'probe', label: probe.displayName ?? probe.hostname, assetId: null, ip: null });
  for (const p of profiles) for (const s of p.subnets) if (nodes.has(`device:${p.probeDeviceId}`)) addEdge({ from: `device:${p.probeDeviceId}`, to: `subnet:${s}`, kind: 'probe', label: null });

  const subnetOf = (ip: string) => subnets.find((s) => cidrContains(parseCidr(s)!, ip));
  const byMac = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const a of assets) {
    const snmp = a.snmp as { sysName?: string } | null;
    const neighbors = (a.neighbors ?? []) as unknown[];
    const kind = a.isGateway ? 'gateway' : neighbors.length ? 'switch' : 'asset';
    nodes.set(`asset:${a.id}`, { id: `asset:${a.id}`, kind, label: a.hostname ?? snmp?.sysName ?? a.ip, assetId: a.id, ip: a.ip });
    if (a.mac) byMac.set(a.mac, `asset:${a.id}`);
    for (const name of [a.hostname, snmp?.sysName]) if (name) byName.set(name.toLowerCase(), `asset:${a.id}`);
    const subnet = subnetOf(a.ip);
    if (subnet) addEdge({ from: `subnet:${subnet}`, to: `asset:${a.id}`, kind: a.isGateway ? 'gateway' : 'member', label: null });
  }
  // Gateways outside the scanned subnets are still the way out of them.
  for (const g of lastGateways) {
    if (!g.gateway) continue;
    const asset = assets.find((a) => a.ip === g.gateway);
    const id = asset ? `asset:${asset.id}` : `gateway:${g.gateway}`;
    if (!asset) nodes.set(id, { id, kind: 'gateway', label: g.gateway, assetId: null, ip: g.gateway });
    const profile = profiles.find((p) => p.id === g.profileId);
    for (const s of profile?.subnets ?? []) addEdge({ from: `subnet:${s}`, to: id, kind: 'gateway', label: null });
  }
  for (const a of assets) {
    for (const n of (a.neighbors ?? []) as { port: number; mac?: string; sysName?: string; remotePort?: string; source: string }[]) {
      const target = (n.mac && byMac.get(n.mac.toLowerCase())) || (n.sysName && byName.get(n.sysName.toLowerCase()));
      if (target && target !== `asset:${a.id}`) addEdge({ from: `asset:${a.id}`, to: target, kind: 'neighbor', label: `port ${n.port}${n.remotePort ? ` ↔ ${n.remotePort}` : ''}` });
    }
  }
  return { nodes: [...nodes.values()], edges };
}
