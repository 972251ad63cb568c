// The built-in system library (GET /scripts/system-library): maintained with the service, read-
// only, cloned into a tenant library with POST /scripts/import/:id. Ids are stable forever.
import type { TLibraryScript } from '@/lib/scripts/schemas';

const posix = (o: Omit<TLibraryScript, 'language' | 'runAs' | 'exitCodeSeverityMapping' | 'tags' | 'parameters'> & Partial<TLibraryScript>): TLibraryScript => ({
  language: 'bash',
  runAs: 'system',
  exitCodeSeverityMapping: null,
  tags: [],
  parameters: [],
  ...o,
});
const windows = (o: Omit<TLibraryScript, 'language' | 'runAs' | 'osTypes' | 'exitCodeSeverityMapping' | 'tags' | 'parameters'> & Partial<TLibraryScript>): TLibraryScript => ({
  language: 'powershell',
  runAs: 'system',
  osTypes: ['windows'],
  exitCodeSeverityMapping: null,
  tags: [],
  parameters: [],
  ...o,
});

export const SYSTEM_LIBRARY: readonly TLibraryScript[] = [
  posix({
    id: '5c6f0a01-0000-4000-8000-000000000001',
    name: 'Disk cleanup (Linux)',
    description: 'Cleans the package cache, vacuums the systemd journal to a size and removes temporary files older than a number of days; prints the space reclaimed.',
    category: 'Maintenance',
    tags: ['disk', 'cleanup'],
    osTypes: ['linux'],
    timeoutSeconds: 900,
    parameters: [
      { name: 'JournalMaxSize', label: 'Keep this much journal', type: 'string', required: false, default: '200M' },
      { name: 'TmpAgeDays', label: 'Delete /tmp files older than (days)', type: 'number', required: false, default: 7 },
    ],
    content: `#!/usr/bin/env bash
set -u
before=$(df -P / | awk 'NR==2 {print $4}')
if command -v apt-get >/dev/null; then apt-get -y clean; apt-get -y autoremove --purge >/dev/null 2>&1 || true; fi
if command -v dnf >/dev/null; then dnf -y clean all; fi
if command -v yum >/dev/null; then yum -y clean all; fi
if command -v journalctl >/dev/null; then journalctl --vacuum-size="\${SERVICE_PARAM_JournalMaxSize:-200M}"; fi
find /tmp /var/tmp -xdev -type f -mtime +"\${SERVICE_PARAM_TmpAgeDays:-7}" -delete 2>/dev/null || true
after=$(df -P / | awk 'NR==2 {print $4}')
echo "Reclaimed $(( (after - before) / 1024 )) MiB on /"
`,
  }),
  windows({
    id: '5c6f0a01-0000-4000-8000-000000000002',
    name: 'Disk cleanup (Windows)',
    description: 'Empties temp folders, the recycle bin and the Windows Update download cache, then reports the free space on the system drive.',
    category: 'Maintenance',
    tags: ['disk', 'cleanup'],
    timeoutSeconds: 1800,
    content: `$ErrorActionPreference = 'SilentlyContinue'
$drive = Get-PSDrive -Name ($env:SystemDrive.TrimEnd(':'))
$before = $drive.Free
Get-ChildItem -Path $env:TEMP, "$env:SystemRoot\\Temp" -Recurse -Force | Remove-Item -Recurse -Force
Clear-RecycleBin -Force
Stop-Service -Name wuauserv -Force
Remove-Item -Path "$env:SystemRoot\\SoftwareDistribution\\Download\\*" -Recurse -Force
Start-Service -Name wuauserv
$after = (Get-PSDrive -Name ($env:SystemDrive.TrimEnd(':'))).Free
"Reclaimed {0:N0} MiB; {1:N1} GiB free" -f (($after - $before) / 1MB), ($after / 1GB)
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-000000000003',
    name: 'Restart a service (Linux)',
    description: 'Restarts a systemd unit and fails when it is not active afterwards.',
    category: 'Services',
    tags: ['service'],
    osTypes: ['linux'],
    timeoutSeconds: 120,
    parameters: [{ name: 'ServiceName', label: 'Unit name', type: 'string', required: true }],
    exitCodeSeverityMapping: { '1': 'high', '2': 'medium' },
    content: `#!/usr/bin/env bash
set -u
unit="\${SERVICE_PARAM_ServiceName:?ServiceName is required}"
systemctl cat "$unit" >/dev/null 2>&1 || { echo "No such unit: $unit" >&2; exit 2; }
systemctl restart "$unit"
sleep 2
if systemctl is-active --quiet "$unit"; then echo "$unit is active"; else systemctl status "$unit" --no-pager >&2; exit 1; fi
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-000000000004',
    name: 'Restart a service (macOS)',
    description: 'Restarts a launchd service by label (system domain).',
    category: 'Services',
    tags: ['service'],
    osTypes: ['macos'],
    timeoutSeconds: 120,
    parameters: [{ name: 'Label', label: 'launchd label', type: 'string', required: true }],
    content: `#!/usr/bin/env bash
set -u
label="\${SERVICE_PARAM_Label:?Label is required}"
launchctl kickstart -k "system/$label" && echo "$label restarted"
`,
  }),
  windows({
    id: '5c6f0a01-0000-4000-8000-000000000005',
    name: 'Restart a service (Windows)',
    description: 'Restarts a Windows service (with its dependants) and fails when it is not running afterwards.',
    category: 'Services',
    tags: ['service'],
    timeoutSeconds: 180,
    parameters: [{ name: 'ServiceName', label: 'Service name', type: 'string', required: true }],
    exitCodeSeverityMapping: { '1': 'high', '2': 'medium' },
    content: `$name = $env:SERVICE_PARAM_ServiceName
$svc = Get-Service -Name $name -ErrorAction SilentlyContinue
if (-not $svc) { Write-Error "No such service: $name"; exit 2 }
Restart-Service -Name $name -Force
$svc.WaitForStatus('Running', '00:01:00')
if ((Get-Service -Name $name).Status -ne 'Running') { exit 1 }
"$name is running"
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-000000000006',
    name: 'Collect logs (Linux)',
    description: 'Prints the last lines of the system journal (or syslog) and recent kernel errors.',
    category: 'Diagnostics',
    tags: ['logs'],
    osTypes: ['linux'],
    timeoutSeconds: 120,
    parameters: [{ name: 'Lines', label: 'Lines', type: 'number', required: false, default: 200 }],
    content: `#!/usr/bin/env bash
n="\${SERVICE_PARAM_Lines:-200}"
if command -v journalctl >/dev/null; then journalctl -n "$n" --no-pager -o short-iso; elif [ -r /var/log/syslog ]; then tail -n "$n" /var/log/syslog; else tail -n "$n" /var/log/messages; fi
echo "--- kernel errors ---"
dmesg --level=err,crit,alert,emerg 2>/dev/null | tail -n 50 || true
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-000000000007',
    name: 'Collect logs (macOS)',
    description: 'Prints the last hour of error and fault entries of the unified log.',
    category: 'Diagnostics',
    tags: ['logs'],
    osTypes: ['macos'],
    timeoutSeconds: 300,
    content: `#!/usr/bin/env bash
log show --last 1h --predicate 'messageType == error OR messageType == fault' --style compact | tail -n 500
`,
  }),
  windows({
    id: '5c6f0a01-0000-4000-8000-000000000008',
    name: 'Collect logs (Windows)',
    description: 'Lists the latest errors and warnings of the System and Application event logs.',
    category: 'Diagnostics',
    tags: ['logs'],
    timeoutSeconds: 300,
    parameters: [{ name: 'Hours', label: 'Look back (hours)', type: 'number', required: false, default: 24 }],
    content: `$hours = if ($env:SERVICE_PARAM_Hours) { [int]$env:SERVICE_PARAM_Hours } else { 24 }
$since = (Get-Date).AddHours(-$hours)
foreach ($log in 'System', 'Application') {
  "=== $log ==="
  Get-WinEvent -FilterHashtable @{ LogName = $log; Level = 1, 2, 3; StartTime = $since } -MaxEvents 100 -ErrorAction SilentlyContinue |
    Format-Table -AutoSize TimeCreated, LevelDisplayName, ProviderName, Id, Message | Out-String -Width 300
}
`,
  }),
  windows({
    id: '5c6f0a01-0000-4000-8000-000000000009',
    name: 'Check pending reboot (Windows)',
    description: 'Exits 1 when Windows waits for a reboot (servicing, Windows Update, pending file renames or a rename of the computer), 0 otherwise; writes the answer to the pending_reboot custom field when it exists.',
    category: 'Health checks',
    tags: ['reboot', 'patching'],
    timeoutSeconds: 60,
    exitCodeSeverityMapping: { '1': 'low' },
    content: `$reasons = @()
if (Test-Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Component Based Servicing\\RebootPending') { $reasons += 'CBS' }
if (Test-Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\WindowsUpdate\\Auto Update\\RebootRequired') { $reasons += 'WindowsUpdate' }
if ((Get-ItemProperty 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\Session Manager' -Name PendingFileRenameOperations -ErrorAction SilentlyContinue)) { $reasons += 'PendingFileRename' }
$active = (Get-ItemProperty 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\ComputerName\\ActiveComputerName').ComputerName
$pending = (Get-ItemProperty 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\ComputerName\\ComputerName').ComputerName
if ($active -ne $pending) { $reasons += 'ComputerRename' }
$needed = $reasons.Count -gt 0
"::service:custom-fields:: " + (@{ pending_reboot = $needed } | ConvertTo-Json -Compress)
if ($needed) { "Reboot pending: $($reasons -join ', ')"; exit 1 } else { 'No reboot pending'; exit 0 }
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-00000000000a',
    name: 'Check pending reboot (Linux)',
    description: 'Exits 1 when the machine waits for a reboot (Debian/Ubuntu reboot-required flag, or needs-restarting on RHEL-like systems), 0 otherwise; writes the pending_reboot custom field when it exists.',
    category: 'Health checks',
    tags: ['reboot', 'patching'],
    osTypes: ['linux'],
    timeoutSeconds: 60,
    exitCodeSeverityMapping: { '1': 'low' },
    content: `#!/usr/bin/env bash
needed=false
if [ -f /var/run/reboot-required ]; then needed=true; cat /var/run/reboot-required.pkgs 2>/dev/null; fi
if command -v needs-restarting >/dev/null && ! needs-restarting -r >/dev/null 2>&1; then needed=true; fi
echo "::service:custom-fields:: {\\"pending_reboot\\": $needed}"
if $needed; then echo "Reboot pending"; exit 1; fi
echo "No reboot pending"
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-00000000000b',
    name: 'Disk space report',
    description: 'Lists mounted filesystems and exits 1 when any is fuller than a threshold.',
    category: 'Health checks',
    tags: ['disk'],
    osTypes: ['linux', 'macos'],
    timeoutSeconds: 60,
    parameters: [{ name: 'ThresholdPercent', label: 'Alert above (%)', type: 'number', required: false, default: 90 }],
    exitCodeSeverityMapping: { '1': 'medium' },
    content: `#!/usr/bin/env bash
limit="\${SERVICE_PARAM_ThresholdPercent:-90}"
df -hP | grep -vE '^(tmpfs|devtmpfs|overlay|map )'
full=$(df -P | awk -v l="$limit" 'NR>1 && $1 !~ /^(tmpfs|devtmpfs|overlay)/ { gsub("%","",$5); if ($5+0 > l) print $6 }')
if [ -n "$full" ]; then echo "Above $limit%: $full"; exit 1; fi
`,
  }),
  windows({
    id: '5c6f0a01-0000-4000-8000-00000000000c',
    name: 'Flush DNS cache (Windows)',
    description: 'Clears the DNS client cache.',
    category: 'Network',
    tags: ['network', 'dns'],
    timeoutSeconds: 60,
    content: `Clear-DnsClientCache
'DNS client cache cleared'
`,
  }),
  posix({
    id: '5c6f0a01-0000-4000-8000-00000000000d',
    name: 'Flush DNS cache (macOS)',
    description: 'Clears the DNS cache and restarts mDNSResponder.',
    category: 'Network',
    tags: ['network', 'dns'],
    osTypes: ['macos'],
    timeoutSeconds: 60,
    content: `#!/usr/bin/env bash
dscacheutil -flushcache && killall -HUP mDNSResponder && echo "DNS cache flushed"
`,
  }),
  {
    id: '5c6f0a01-0000-4000-8000-00000000000e',
    name: 'Top processes',
    description: 'Prints the ten processes using the most CPU and the ten using the most memory (any OS with Python 3).',
    category: 'Diagnostics',
    tags: ['processes'],
    osTypes: ['linux', 'macos'],
    language: 'python',
    runAs: 'system',
    timeoutSeconds: 60,
    parameters: [],
    exitCodeSeverityMapping: null,
    content: `import subprocess
for key, title in (("-%cpu", "CPU"), ("-%mem", "Memory")):
    out = subprocess.run(["ps", "-eo", "pid,user,%cpu,%mem,comm", "--sort=" + key], capture_output=True, text=True)
    if out.returncode != 0:  # BSD ps (macOS) has no --sort
        out = subprocess.run(["ps", "-Aro" if key == "-%cpu" else "-Amo", "pid,user,%cpu,%mem,comm"], capture_output=True, text=True)
    print(f"=== Top {title} ===")
    print("\\n".join(out.stdout.splitlines()[:11]))
`,
  },
  {
    id: '5c6f0a01-0000-4000-8000-00000000000f',
    name: 'System uptime and last boot (Windows)',
    description: 'Prints the last boot time and uptime (cmd).',
    category: 'Diagnostics',
    tags: ['uptime'],
    osTypes: ['windows'],
    language: 'cmd',
    runAs: 'system',
    timeoutSeconds: 60,
    parameters: [],
    exitCodeSeverityMapping: null,
    content: `@echo off
systeminfo | findstr /B /C:"System Boot Time" /C:"OS Name" /C:"OS Version"
`,
  },
];

export function findSystemScript(id: string): TLibraryScript | undefined {
  return SYSTEM_LIBRARY.find((s) => s.id === id);
}
