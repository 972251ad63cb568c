// SNMP polling at fleet scale: 2,000 SNMP devices x 20 OIDs each, all due at once as they are at
// the top of every 60 s interval, polled by the worker's sweep (runDueSnmpPolls, in process)
// from one local SNMP responder (Debian's snmpd on loopback; every device is a name for it).
// Reported: polls/s, whether the whole fleet is polled within its 60 s interval (held), p50/p99
// of one poll on the wire, and database rows/s (latest values + 5-minute history rows).
// `npm run bench -- --micro snmp-polling` (add `-- --quick` through SNMP_BENCH_QUICK=1 for 200).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setupBenchDb } from './setup-bench-db';

const quick = process.argv.includes('--quick') || process.env.SNMP_BENCH_QUICK === '1';
const DEVICES = quick ? 200 : 2000;
const INTERVAL_S = 60;
// Scalars every snmpd answers (system, interfaces, ip, tcp, udp, snmp, host resources): 20 OIDs.
const OIDS: [string, string, 'gauge' | 'counter'][] = [
  ['1.3.6.1.2.1.1.3.0', 'sysUpTime', 'gauge'], ['1.3.6.1.2.1.2.1.0', 'ifNumber', 'gauge'], ['1.3.6.1.2.1.4.1.0', 'ipForwarding', 'gauge'],
  ['1.3.6.1.2.1.4.2.0', 'ipDefaultTTL', 'gauge'], ['1.3.6.1.2.1.4.3.0', 'ipInReceives', 'counter'], ['1.3.6.1.2.1.4.9.0', 'ipInDelivers', 'counter'],
  ['1.3.6.1.2.1.4.10.0', 'ipOutRequests', 'counter'], ['1.3.6.1.2.1.6.5.0', 'tcpActiveOpens', 'counter'], ['1.3.6.1.2.1.6.6.0', 'tcpPassiveOpens', 'counter'],
  ['1.3.6.1.2.1.6.9.0', 'tcpCurrEstab', 'gauge'], ['1.3.6.1.2.1.7.1.0', 'udpInDatagrams', 'counter'], ['1.3.6.1.2.1.7.4.0', 'udpOutDatagrams', 'counter'],
  ['1.3.6.1.2.1.11.1.0', 'snmpInPkts', 'counter'], ['1.3.6.1.2.1.11.2.0', 'snmpOutPkts', 'counter'], ['1.3.6.1.2.1.11.15.0', 'snmpInGetRequests', 'counter'],
  ['1.3.6.1.2.1.11.28.0', 'snmpOutGetResponses', 'counter'], ['1.3.6.1.2.1.25.1.1.0', 'hrSystemUptime', 'gauge'], ['1.3.6.1.2.1.25.1.5.0', 'hrSystemNumUsers', 'gauge'],
  ['1.3.6.1.2.1.25.1.6.0', 'hrSystemProcesses', 'gauge'], ['1.3.6.1.2.1.25.2.2.0', 'hrMemorySize', 'gauge'],
];

process.env.IS_HOSTED = 'false';
const { teardown } = await setupBenchDb('snmp');
const { db } = await import('@/lib/db');
const { runDueSnmpPolls } = await import('@/lib/snmp/run-due-snmp-polls');
const { sealSnmpCredentials } = await import('@/lib/snmp/snmp-credentials');
const { startSnmpd } = await import('../tests/helpers/snmpd');
const { makeOrg, makePartner } = await import('../tests/helpers/factories');

const agent = await startSnmpd();
const partner = await makePartner();
const org = await makeOrg(partner.id);
const extraOids = OIDS.map(([oid, name, type]) => ({ oid, name, unit: null, type, walk: false }));
const rows = Array.from({ length: DEVICES }, (_, i) => {
  const id = randomUUID();
  return {
    id, partnerId: partner.id, orgId: org.id, name: `snmp-bench-${i}`, host: '127.0.0.1', port: agent.port, version: 'v2c',
    credentials: sealSnmpCredentials(id, { version: 'v2c', community: agent.community }), extraOids, pollIntervalSeconds: INTERVAL_S, timeoutMs: 5000, retries: 1,
  };
});
for (let i = 0; i < rows.length; i += 500) await db.snmpDevice.createMany({ data: rows.slice(i, i + 500) });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};

async function interval(label: string) {
  await db.snmpDevice.updateMany({ data: { nextPollAt: new Date(Date.now() - 1000) } });
  const t0 = performance.now();
  const r = await runDueSnmpPolls({ budgetMs: INTERVAL_S * 1000 });
  const s = (performance.now() - t0) / 1000;
  const line = {
    label,
    devices: DEVICES,
    polled: r.polled,
    failed: r.failed,
    seconds: Math.round(s * 10) / 10,
    pollsPerSecond: Math.round((r.polled / s) * 10) / 10,
    neededPollsPerSecond: Math.round((DEVICES / INTERVAL_S) * 10) / 10,
    held: r.polled === DEVICES && s <= INTERVAL_S,
    pollMsP50: pct(r.pollMs, 50),
    pollMsP99: pct(r.pollMs, 99),
    dbRowsPerSecond: Math.round(r.rowsWritten / s),
    rowsWritten: r.rowsWritten,
  };
  console.log(JSON.stringify(line));
  return line;
}

try {
  console.log(`snmp polling: ${DEVICES} devices x ${OIDS.length} OIDs every ${INTERVAL_S} s against snmpd on udp ${agent.port}`);
  await interval('first interval (gauges, counters seeded)');
  await interval('second interval (counters become rates)');
  const history = await db.$queryRaw<{ n: bigint }[]>`select count(*) as n from snmp_metric_buckets`;
  console.log(`history rows: ${history[0].n}`);
} finally {
  await agent.stop();
  await teardown();
}
