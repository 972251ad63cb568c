// Bills one period of an active contract: snapshots the organization's devices, resolves which
// per-device line covers each, and writes in one transaction the draft invoice (lines in the
// contract's order, per-device lines with their included and overage counts), the per-device
// evidence, and the period's outcome. A line pointing at a removed site or group fails the whole
// period (409 SITE_DELETED / GROUP_DELETED) and nothing is written.
import type { Tx } from '@/lib/db';
import { conflict } from '@/lib/http/errors';
import { formatCents, toCents } from '@/lib/billing/money';
import { billingPeriod } from '@/lib/billing/billing-period';
import { countByRole, resolveCoverage } from '@/lib/billing/device-coverage';
import { activeDeviceLines, assertLinesEvaluable, billableDevices } from '@/lib/billing/load-org-coverage';
import { LINE_ORDER } from '@/lib/billing/line-state';
import { readServiceManagementMode } from '@/lib/partners/to-partner-dto';
import { billingOff } from '@/lib/billing/assert-billing-allowed';
import { billingContactEmail } from '@/lib/invoices/create-invoice';

export type GenerateResult = { status: 'generated'; periodId: string; invoiceId: string } | { status: 'not_due' | 'not_active' | 'expired' | 'billing_off' };

export async function generateContractPeriod(tx: Tx, contractId: string, today: Date): Promise<GenerateResult> {
  await tx.$executeRaw`select 1 from contracts where id = ${contractId}::uuid for update`;
  const contract = await tx.contract.findUniqueOrThrow({
    where: { id: contractId },
    include: { lines: { orderBy: LINE_ORDER }, organization: { select: { billingContact: true, partner: { select: { serviceManagementMode: true } } } } },
  });
  if (contract.status !== 'active') return { status: 'not_active' };
  if (contract.endDate && contract.nextPeriodStart > contract.endDate) {
    await tx.contract.update({ where: { id: contractId }, data: { status: 'expired' } });
    return { status: 'expired' };
  }
  if (contract.nextPeriodStart > today) return { status: 'not_due' };
  if (readServiceManagementMode(contract.organization.partner.serviceManagementMode) === 'off') return { status: 'billing_off' };

  const period = billingPeriod(contract.startDate, contract.nextPeriodStart, contract.endDate);
  const lines = await activeDeviceLines(tx, contract.orgId);
  await assertLinesEvaluable(tx, contract.orgId, lines);
  const devices = await billableDevices(tx, contract.orgId);
  const { counted, uncovered } = resolveCoverage(devices, lines);

  let flaggedTotal = 0;
  let overageDevices = 0;
  let overageCents = 0n;
  const invoice = await tx.invoice.create({
    data: {
      partnerId: contract.partnerId,
      orgId: contract.orgId,
      currency: contract.currency,
      contractId,
      periodStart: period.start,
      periodEnd: period.end,
      paymentTermsDays: contract.paymentTermsDays,
      recipientEmail: billingContactEmail(contract.organization.billingContact),
      notes: `${contract.name}: ${period.start.toISOString().slice(0, 10)} to ${period.end.toISOString().slice(0, 10)}`,
    },
  });
  const base = Date.now();
  for (const [i, line] of contract.lines.entries()) {
    const common = { invoiceId: invoice.id, contractLineId: line.id, catalogItemId: line.catalogItemId, description: line.description, unitPrice: line.unitPrice, taxRate: line.taxRate, sortOrder: line.sortOrder };
    const createdAt = new Date(base + i); // keeps the contract's line order in (sortOrder, createdAt, id)
    if (line.type !== 'per_device') {
      await tx.invoiceLine.create({ data: { ...common, type: line.type, quantity: line.manualQuantity ?? '1', createdAt } });
      continue;
    }
    const onLine = counted.get(line.id) ?? [];
    const overage = onLine.filter((c) => c.countedAs === 'overage').length;
    const overagePrice = line.overagePrice ?? line.unitPrice;
    flaggedTotal += onLine.filter((c) => c.countedAs === 'flagged').length;
    overageDevices += overage;
    overageCents += toCents(overagePrice) * BigInt(overage);
    const created = await tx.invoiceLine.create({
      data: {
        ...common,
        type: 'per_device',
        quantity: String(line.includedQuantity ?? 0),
        overageQuantity: overage,
        overageUnitPrice: overagePrice,
        evidenceRecorded: true,
        createdAt,
      },
    });
    if (onLine.length) {
      await tx.invoiceLineDevice.createMany({
        data: onLine.map((c, position) => ({ invoiceLineId: created.id, deviceId: c.device.id, hostname: c.device.hostname, role: c.device.role, countedAs: c.countedAs, position })),
      });
    }
  }
  const periodRow = await tx.contractPeriod.create({
    data: {
      contractId,
      periodStart: period.start,
      periodEnd: period.end,
      invoiceId: invoice.id,
      snapshotDeviceTotal: devices.length,
      uncoveredTotal: uncovered.length,
      uncoveredByRole: countByRole(uncovered),
      flaggedTotal,
      billedOverageTotal: overageDevices,
      billedOverageAmount: formatCents(overageCents),
    },
  });
  await tx.invoice.update({ where: { id: invoice.id }, data: { periodId: periodRow.id } });
  const ended = contract.endDate !== null && period.next > contract.endDate;
  await tx.contract.update({ where: { id: contractId }, data: { nextPeriodStart: period.next, ...(ended ? { status: 'expired' } : {}) } });
  return { status: 'generated', periodId: periodRow.id, invoiceId: invoice.id };
}

export const periodNotDue = () => conflict('The next billing period has not started yet', 'PERIOD_NOT_DUE');
export { billingOff };
