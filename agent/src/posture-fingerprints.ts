// Fingerprints of other RMM and remote-access products (the management posture report). Each
// product is recognised by installed package names, service names (systemd units, launchd
// labels, Windows service names) or well-known install paths. Slugs match the server's
// catalogue (lib/posture/products.ts). Matching is pure, so it is unit-tested on fixtures.

export interface Fingerprint {
  product: string;
  packages?: RegExp[];
  services?: RegExp[];
  /** Absolute paths; a trailing `*` matches any entry of the parent directory with that prefix. */
  files?: string[];
}

const PF86 = 'C:\\Program Files (x86)';
const PF = 'C:\\Program Files';

export const FINGERPRINTS: Fingerprint[] = [
  {
    product: 'teamviewer',
    packages: [/^teamviewer/i],
    services: [/^teamviewerd$/i, /^teamviewer$/i, /^com\.teamviewer\./i],
    files: ['/opt/teamviewer', '/Applications/TeamViewer.app', `${PF}\\TeamViewer`, `${PF86}\\TeamViewer`],
  },
  {
    product: 'anydesk',
    packages: [/^anydesk$/i],
    services: [/^anydesk$/i, /^com\.philandro\.anydesk/i],
    files: ['/usr/bin/anydesk', '/Applications/AnyDesk.app', `${PF86}\\AnyDesk`, `${PF}\\AnyDesk`],
  },
  {
    product: 'connectwise-screenconnect',
    packages: [/^screenconnect/i, /^connectwisecontrol/i],
    services: [/^ScreenConnect Client/i, /^connectwisecontrol-/i, /^screenconnect-/i],
    files: ['/opt/screenconnect-*', '/opt/connectwisecontrol-*', `${PF86}\\ScreenConnect Client*`],
  },
  {
    product: 'connectwise-automate',
    packages: [/^ltechagent/i],
    services: [/^LTService$/i, /^LTSvcMon$/i, /^ltechagent$/i, /^com\.labtechsoftware\./i],
    files: ['C:\\Windows\\LTSvc', '/usr/local/ltechagent', '/opt/LTechAgent'],
  },
  {
    product: 'datto-rmm',
    packages: [/^aemagent/i, /^centrastage/i],
    services: [/^CagService$/i, /^cagservice$/i, /^com\.centrastage\./i],
    files: [`${PF86}\\CentraStage`, '/opt/CentraStage', '/Applications/AEMAgent.app'],
  },
  {
    product: 'ninjaone',
    packages: [/^ninjarmm/i, /^ninjaone/i],
    services: [/^NinjaRMMAgent$/i, /^ninjarmm-agent$/i, /^com\.ninjarmm\./i],
    files: ['C:\\ProgramData\\NinjaRMMAgent', `${PF86}\\NinjaRMMAgent`, '/opt/NinjaRMMAgent', '/Applications/NinjaRMMAgent'],
  },
  {
    product: 'n-able-n-central',
    packages: [/^nagent/i, /^n-able/i],
    services: [/^Windows Agent Service$/i, /^nagent$/i, /^com\.n-able\.agent/i],
    files: [`${PF86}\\N-able Technologies\\Windows Agent`, '/opt/nable', '/usr/sbin/nagent'],
  },
  {
    product: 'n-able-n-sight',
    services: [/^Advanced Monitoring Agent/i, /^com\.solarwinds\.rmm/i],
    files: [`${PF86}\\Advanced Monitoring Agent`, `${PF}\\Advanced Monitoring Agent`, '/usr/local/rmmagent'],
  },
  {
    product: 'kaseya-vsa',
    packages: [/^kaseya/i],
    services: [/^Kaseya Agent/i, /^kagent/i, /^com\.kaseya\./i],
    files: [`${PF86}\\Kaseya`, `${PF}\\Kaseya`, '/opt/Kaseya', '/Library/Kaseya'],
  },
  {
    product: 'atera',
    packages: [/^ateraagent/i],
    services: [/^AteraAgent$/i, /^com\.atera\./i],
    files: [`${PF}\\ATERA Networks\\AteraAgent`, '/Library/Application Support/com.atera.ateraagent', '/opt/atera'],
  },
  {
    product: 'syncro',
    services: [/^Syncro$/i, /^SyncroLive/i, /^com\.syncromsp\./i],
    files: [`${PF}\\RepairTech\\Syncro`, '/Library/Application Support/Syncro'],
  },
  {
    product: 'splashtop',
    packages: [/^splashtop/i],
    services: [/^SplashtopRemoteService$/i, /^SRService$/i, /^splashtop/i, /^com\.splashtop\./i],
    files: ['/opt/splashtop-streamer', '/Applications/Splashtop Streamer.app', `${PF86}\\Splashtop`],
  },
  {
    product: 'pulseway',
    packages: [/^pulseway/i],
    services: [/^PCMonitorSrv$/i, /^pulseway$/i, /^com\.mmsoft\.pulseway/i],
    files: ['/etc/pulseway', '/opt/pulseway', `${PF}\\Pulseway`],
  },
  {
    product: 'logmein',
    packages: [/^logmein/i],
    services: [/^LogMeIn$/i, /^LMIGuardianSvc$/i, /^com\.logmein\./i],
    files: [`${PF86}\\LogMeIn`, '/Library/Application Support/LogMeIn'],
  },
  {
    product: 'goto-resolve',
    packages: [/^gotoresolve/i],
    services: [/^GoTo Resolve/i, /^gotoresolve/i, /^com\.goto\.resolve/i],
    files: [`${PF86}\\GoTo Resolve*`, '/opt/gotoresolve', '/Applications/GoTo Resolve.app'],
  },
  {
    product: 'tactical-rmm',
    packages: [/^tacticalagent/i],
    services: [/^tacticalrmm$/i, /^tacticalagent$/i, /^tacticalrpc$/i],
    files: [`${PF}\\TacticalAgent`, '/usr/local/bin/rmmagent', '/opt/tacticalagent'],
  },
  {
    product: 'meshcentral',
    packages: [/^meshagent/i],
    services: [/^meshagent$/i, /^Mesh Agent$/i, /^meshagent\./i],
    files: ['/usr/local/mesh_services/meshagent', '/usr/local/mesh', `${PF}\\Mesh Agent`],
  },
  {
    product: 'rustdesk',
    packages: [/^rustdesk$/i],
    services: [/^rustdesk$/i, /^com\.carriez\.rustdesk/i],
    files: ['/usr/bin/rustdesk', '/Applications/RustDesk.app', `${PF}\\RustDesk`],
  },
  {
    product: 'action1',
    services: [/^A1Agent$/i, /^action1/i],
    files: ['C:\\Windows\\Action1', '/opt/action1'],
  },
  {
    product: 'manageengine-endpoint-central',
    packages: [/^manageengine/i, /^uems/i],
    services: [/^ManageEngine UEMS/i, /^dcagentservice$/i, /^uems_agent/i, /^com\.manageengine\./i],
    files: [`${PF86}\\ManageEngine\\UEMS_Agent`, '/usr/local/manageengine/uems_agent', '/Library/ManageEngine'],
  },
  {
    product: 'chrome-remote-desktop',
    packages: [/^chrome-remote-desktop$/i],
    services: [/^chrome-remote-desktop(@.*)?$/i],
    files: ['/opt/google/chrome-remote-desktop'],
  },
];

export interface ObservedSystem {
  packages: { name: string; version?: string }[];
  services: { name: string; running: boolean }[];
  /** Whether a path (see Fingerprint.files) exists. */
  exists: (path: string) => boolean;
}

export interface DetectedProduct {
  product: string;
  status: 'active' | 'installed';
  version?: string;
  evidence: { kind: 'package' | 'service' | 'file'; value: string }[];
}

const MAX_EVIDENCE = 10;

export function detectProducts(system: ObservedSystem, fingerprints: Fingerprint[] = FINGERPRINTS): DetectedProduct[] {
  const found: DetectedProduct[] = [];
  for (const fp of fingerprints) {
    const evidence: DetectedProduct['evidence'] = [];
    let version: string | undefined;
    let running = false;
    for (const pkg of system.packages) {
      if (fp.packages?.some((re) => re.test(pkg.name))) {
        evidence.push({ kind: 'package', value: pkg.name });
        version ??= pkg.version;
      }
    }
    for (const svc of system.services) {
      if (fp.services?.some((re) => re.test(svc.name))) {
        evidence.push({ kind: 'service', value: svc.name });
        running ||= svc.running;
      }
    }
    for (const path of fp.files ?? []) if (system.exists(path)) evidence.push({ kind: 'file', value: path });
    if (evidence.length > 0) {
      found.push({ product: fp.product, status: running ? 'active' : 'installed', ...(version ? { version: version.slice(0, 200) } : {}), evidence: evidence.slice(0, MAX_EVIDENCE) });
    }
  }
  return found;
}
