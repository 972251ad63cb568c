// Stores an agent's management-posture scan (part of its inventory upload): the scan time and
// the products found, replacing the previous scan. A product reported twice is one row, active
// when either report says so.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ZManagementPostureReport } from '@/lib/agents/schemas';

export async function storeManagementPosture(tx: Tx, deviceId: string, report: z.output<typeof ZManagementPostureReport>): Promise<void> {
  // A scan time ahead of the server's clock would keep the device from ever reading as stale.
  const now = new Date();
  const scannedAt = report.scannedAt && new Date(report.scannedAt) < now ? new Date(report.scannedAt) : now;
  const merged = new Map<string, (typeof report.products)[number]>();
  for (const p of report.products) {
    const seen = merged.get(p.product);
    merged.set(p.product, seen ? { ...seen, status: seen.status === 'active' || p.status === 'active' ? 'active' : 'installed', version: seen.version ?? p.version } : p);
  }
  const products = [...merged.values()];
  await tx.deviceManagementPosture.upsert({
    where: { deviceId },
    create: { deviceId, scannedAt, productCount: products.length },
    update: { scannedAt, receivedAt: new Date(), productCount: products.length },
  });
  await tx.deviceManagementProduct.deleteMany({ where: { deviceId } });
  if (products.length > 0) {
    await tx.deviceManagementProduct.createMany({
      data: products.map((p) => ({ deviceId, product: p.product, status: p.status, version: p.version ?? null, evidence: p.evidence as Prisma.InputJsonValue })),
    });
  }
}
