// Builds lib/snmp/mib-tree.json, the MIB tree GET /snmp/oids/browse walks: the standard modules
// net-snmp (npm, MIT) ships (SNMPv2-SMI/TC/MIB, RFC1213-MIB, IANAifType-MIB, IF-MIB), Net-SNMP's
// own MIBs from Debian's libsnmp-base when present (BSD-style licence), and the HOST-RESOURCES-MIB
// (RFC 2790) and UPS-MIB (RFC 1628) objects the built-in templates name (Debian does not ship
// the IETF MIB files). Run: node scripts/build-mib-tree.cjs. The JSON is committed: building and
// serving need no MIB file.
const fs = require('node:fs');
const path = require('node:path');
const snmp = require('net-snmp');

const store = snmp.createModuleStore();
const quiet = console.log;
console.log = () => undefined;
store.loadFromFile(require.resolve('net-snmp/lib/mibs/IANAifType-MIB.mib'));
store.loadFromFile(require.resolve('net-snmp/lib/mibs/IF-MIB.mib'));
for (const name of ['NET-SNMP-MIB', 'NET-SNMP-TC', 'UCD-SNMP-MIB', 'NET-SNMP-AGENT-MIB']) {
  const file = `/usr/share/snmp/mibs/${name}.txt`;
  if (fs.existsSync(file)) try { store.loadFromFile(file); } catch { /* a module that does not parse is left out */ }
}
console.log = quiet;

/** oid -> [name, module, syntax, access, description] */
const nodes = {};
const put = (oid, name, mod, syntax, access, description) => {
  if (!/^[0-2](\.\d+)+$/.test(oid) && !/^[0-2]$/.test(oid)) return;
  nodes[oid] = [name, mod, syntax || null, access || null, description ? description.replace(/\s+/g, ' ').trim().slice(0, 400) : null];
};
for (const [mod, defs] of Object.entries(store.getModules(true))) {
  for (const [name, def] of Object.entries(defs)) {
    if (!def || typeof def !== 'object' || !def.OID) continue;
    const syntax = typeof def.SYNTAX === 'string' ? def.SYNTAX : def.SYNTAX && typeof def.SYNTAX === 'object' ? Object.keys(def.SYNTAX)[0] : null;
    put(def.OID, name, mod, syntax, def['MAX-ACCESS'] || def.ACCESS, def.DESCRIPTION);
  }
}
const extra = [
  ['1.3.6.1.2.1.25', 'host', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.1', 'hrSystem', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.1.1', 'hrSystemUptime', 'HOST-RESOURCES-MIB', 'TimeTicks', 'read-only', 'Time since the host was last initialized'],
  ['1.3.6.1.2.1.25.1.5', 'hrSystemNumUsers', 'HOST-RESOURCES-MIB', 'Gauge32', 'read-only', 'Number of user sessions'], ['1.3.6.1.2.1.25.1.6', 'hrSystemProcesses', 'HOST-RESOURCES-MIB', 'Gauge32', 'read-only', 'Number of process contexts'],
  ['1.3.6.1.2.1.25.2', 'hrStorage', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.2.2', 'hrMemorySize', 'HOST-RESOURCES-MIB', 'KBytes', 'read-only', 'Amount of physical main memory'],
  ['1.3.6.1.2.1.25.2.3', 'hrStorageTable', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.2.3.1', 'hrStorageEntry', 'HOST-RESOURCES-MIB'],
  ['1.3.6.1.2.1.25.2.3.1.3', 'hrStorageDescr', 'HOST-RESOURCES-MIB', 'DisplayString', 'read-only', 'Description of the storage area'],
  ['1.3.6.1.2.1.25.2.3.1.4', 'hrStorageAllocationUnits', 'HOST-RESOURCES-MIB', 'Integer32', 'read-only', 'Size in bytes of the allocation units'],
  ['1.3.6.1.2.1.25.2.3.1.5', 'hrStorageSize', 'HOST-RESOURCES-MIB', 'Integer32', 'read-write', 'Size of the storage in allocation units'],
  ['1.3.6.1.2.1.25.2.3.1.6', 'hrStorageUsed', 'HOST-RESOURCES-MIB', 'Integer32', 'read-only', 'Allocated storage in allocation units'],
  ['1.3.6.1.2.1.25.3', 'hrDevice', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.3.3', 'hrProcessorTable', 'HOST-RESOURCES-MIB'], ['1.3.6.1.2.1.25.3.3.1', 'hrProcessorEntry', 'HOST-RESOURCES-MIB'],
  ['1.3.6.1.2.1.25.3.3.1.2', 'hrProcessorLoad', 'HOST-RESOURCES-MIB', 'Integer32', 'read-only', 'Average percentage of the last minute the processor was busy'],
  ['1.3.6.1.2.1.33', 'upsMIB', 'UPS-MIB'], ['1.3.6.1.2.1.33.1', 'upsObjects', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.2', 'upsBattery', 'UPS-MIB'],
  ['1.3.6.1.2.1.33.1.2.1', 'upsBatteryStatus', 'UPS-MIB', 'INTEGER', 'read-only', 'unknown(1), batteryNormal(2), batteryLow(3), batteryDepleted(4)'],
  ['1.3.6.1.2.1.33.1.2.2', 'upsSecondsOnBattery', 'UPS-MIB', 'NonNegativeInteger', 'read-only', 'Seconds since the UPS switched to battery (0 when on mains)'],
  ['1.3.6.1.2.1.33.1.2.3', 'upsEstimatedMinutesRemaining', 'UPS-MIB', 'PositiveInteger', 'read-only', 'Estimated minutes until battery depletion'],
  ['1.3.6.1.2.1.33.1.2.4', 'upsEstimatedChargeRemaining', 'UPS-MIB', 'INTEGER', 'read-only', 'Estimated battery charge remaining, percent'],
  ['1.3.6.1.2.1.33.1.2.5', 'upsBatteryVoltage', 'UPS-MIB', 'NonNegativeInteger', 'read-only', 'Battery voltage, 0.1 volt'],
  ['1.3.6.1.2.1.33.1.2.7', 'upsBatteryTemperature', 'UPS-MIB', 'Integer32', 'read-only', 'Ambient temperature at the battery, degrees Celsius'],
  ['1.3.6.1.2.1.33.1.3', 'upsInput', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.3.3', 'upsInputTable', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.3.3.1', 'upsInputEntry', 'UPS-MIB'],
  ['1.3.6.1.2.1.33.1.3.3.1.3', 'upsInputVoltage', 'UPS-MIB', 'NonNegativeInteger', 'read-only', 'Input voltage, RMS volts'],
  ['1.3.6.1.2.1.33.1.4', 'upsOutput', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.4.1', 'upsOutputSource', 'UPS-MIB', 'INTEGER', 'read-only', 'other(1), none(2), normal(3), bypass(4), battery(5), booster(6), reducer(7)'],
  ['1.3.6.1.2.1.33.1.4.4', 'upsOutputTable', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.4.4.1', 'upsOutputEntry', 'UPS-MIB'],
  ['1.3.6.1.2.1.33.1.4.4.1.5', 'upsOutputPercentLoad', 'UPS-MIB', 'INTEGER', 'read-only', 'Percentage of the UPS power capacity in use'],
  ['1.3.6.1.2.1.33.1.6', 'upsAlarm', 'UPS-MIB'], ['1.3.6.1.2.1.33.1.6.1', 'upsAlarmsPresent', 'UPS-MIB', 'Gauge32', 'read-only', 'Number of active alarm conditions'],
];
for (const [oid, name, mod, syntax, access, description] of extra) if (!nodes[oid]) put(oid, name, mod, syntax, access, description);
for (const [oid, name] of [['1', 'iso'], ['1.3', 'org'], ['1.3.6', 'dod'], ['1.3.6.1', 'internet']]) if (!nodes[oid]) put(oid, name, 'SNMPv2-SMI');
const sorted = Object.fromEntries(Object.entries(nodes).sort(([a], [b]) => (a.split('.').map((n) => n.padStart(10, '0')).join('.') < b.split('.').map((n) => n.padStart(10, '0')).join('.') ? -1 : 1)));
const out = path.join(__dirname, '..', 'lib', 'snmp', 'mib-tree.json');
fs.writeFileSync(out, JSON.stringify(sorted) + '\n');
quiet(`mib tree: ${Object.keys(sorted).length} nodes -> ${path.relative(process.cwd(), out)}`);
