// POST /vulnerabilities/tickets: opens a ticket for the selected findings and links them to it,
// one ticket per organization when the selection spans several. Every ticket passes the
// service-management gate (409 service_management_off when the partner's mode is off), all in
// one transaction: either every organization gets its ticket or none does.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import type { ZTicketsBody } from './schemas';
import { selectFindings, type SelectedFinding } from './select-findings';

const PRIORITY = { critical: 'p1', high: 'p2', medium: 'p3', low: 'p4', unknown: 'p4' } as const;
const RANK = { critical: 0, high: 1, medium: 2, low: 3, unknown: 4 } as const;

function describe(findings: SelectedFinding[]) {
  const cves = [...new Set(findings.map((f) => f.cve_id))];
  const devices = new Set(findings.map((f) => f.device_id)).size;
  const worst = findings.reduce((w, f) => (RANK[f.severity] < RANK[w] ? f.severity : w), 'unknown' as SelectedFinding['severity']);
  const what = cves.length === 1 ? cves[0] : `${cves.length} vulnerabilities`;
  const lines = findings
    .slice(0, 200)
    .map((f) => `- ${f.hostname ?? f.device_id}: ${f.package_name} ${f.installed_version} — ${f.cve_id} (${f.severity})${f.fixed_version ? `, fixed in ${f.fixed_version}` : ', no fix published'}`);
  if (findings.length > 200) lines.push(`… and ${findings.length - 200} more findings`);
  return {
    worst,
    subject: `[${worst}] ${what} on ${devices} device${devices === 1 ? '' : 's'}`.slice(0, 255),
    description: [`Vulnerability findings linked to this ticket (${findings.length}):`, '', ...lines].join('\n').slice(0, 60_000),
  };
}

export async function createVulnerabilityTickets(ctx: ActorContext, body: z.output<typeof ZTicketsBody>) {
  return db.$transaction(async (tx) => {
    const findings = await selectFindings(ctx, body, { lock: tx });
    if (findings.length === 0) throw notFound('Finding');
    const tickets: { ticketId: string; number: number; orgId: string; findings: number }[] = [];
    for (const orgId of [...new Set(findings.map((f) => f.org_id))].sort()) {
      const mine = findings.filter((f) => f.org_id === orgId);
      const d = describe(mine);
      const devices = [...new Set(mine.map((f) => f.device_id))];
      const ticket = await insertTicket(tx, ctx, {
        partnerId: mine[0].partner_id,
        orgId,
        deviceId: devices.length === 1 ? devices[0] : null,
        subject: d.subject,
        description: d.description,
        priority: body.priority ?? PRIORITY[d.worst],
        type: 'problem',
        source: 'vulnerability',
        tags: ['vulnerability'],
        createdById: ctx.userId,
      });
      await tx.vulnerabilityFinding.updateMany({ where: { id: { in: mine.map((f) => f.id) } }, data: { ticketId: ticket.id } });
      tickets.push({ ticketId: ticket.id, number: ticket.number, orgId, findings: mine.length });
    }
    return { tickets };
  }, { timeout: 60_000 });
}
