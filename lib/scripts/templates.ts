// Script templates (GET /script-library/templates, POST /script-library/from-template/:id):
// starting points that show the conventions — parameters as SERVICE_PARAM_<name>, secrets as
// SERVICE_VAR_<NAME>, {{var.key}} variables, custom-field output lines and exit-code severities.
import type { TLibraryScript } from '@/lib/scripts/schemas';

export const SCRIPT_TEMPLATES: readonly TLibraryScript[] = [
  {
    id: '7e3b9c10-0000-4000-8000-000000000001',
    name: 'Bash health check',
    description: 'Checks something, reports it to a custom field and maps exit codes to alert severities (0 ok, 1 warning, 2 critical).',
    category: 'Health checks',
    tags: ['template'],
    osTypes: ['linux', 'macos'],
    language: 'bash',
    runAs: 'system',
    timeoutSeconds: 60,
    parameters: [{ name: 'Threshold', label: 'Threshold', type: 'number', required: false, default: 80 }],
    exitCodeSeverityMapping: { '1': 'medium', '2': 'critical' },
    content: `#!/usr/bin/env bash
set -u
threshold="\${SERVICE_PARAM_Threshold:-80}"
value=$(df -P / | awk 'NR==2 {gsub("%","",$5); print $5}')
# Writes the device's custom field "root_disk_percent" (the field must allow script writes).
echo "::service:custom-fields:: {\\"root_disk_percent\\": $value}"
if [ "$value" -ge 95 ]; then echo "critical: $value%"; exit 2; fi
if [ "$value" -ge "$threshold" ]; then echo "warning: $value%"; exit 1; fi
echo "ok: $value%"
`,
  },
  {
    id: '7e3b9c10-0000-4000-8000-000000000002',
    name: 'PowerShell with a secret',
    description: 'Uses a secret variable (environment only, never in the script text or results) and an ordinary {{var.key}} variable.',
    category: 'Automation',
    tags: ['template'],
    osTypes: ['windows'],
    language: 'powershell',
    runAs: 'system',
    timeoutSeconds: 300,
    parameters: [],
    exitCodeSeverityMapping: { '1': 'high' },
    content: `$ErrorActionPreference = 'Stop'
$endpoint = '{{var.endpoint}}'
$token = $env:SERVICE_VAR_API_TOKEN   # sent as secretVariables.API_TOKEN at execution
try {
  Invoke-RestMethod -Uri $endpoint -Headers @{ Authorization = "Bearer $token" } | Out-Null
  'reachable'
} catch { Write-Error $_; exit 1 }
`,
  },
  {
    id: '7e3b9c10-0000-4000-8000-000000000003',
    name: 'Python inventory collector',
    description: 'Collects facts with Python and writes several custom fields in one line.',
    category: 'Inventory',
    tags: ['template'],
    osTypes: ['linux', 'macos', 'windows'],
    language: 'python',
    runAs: 'system',
    timeoutSeconds: 120,
    parameters: [],
    exitCodeSeverityMapping: null,
    content: `import json, platform, socket
facts = {"python_version": platform.python_version(), "fqdn": socket.getfqdn()}
print("::service:custom-fields:: " + json.dumps(facts))
`,
  },
  {
    id: '7e3b9c10-0000-4000-8000-000000000004',
    name: 'Batch file',
    description: 'A cmd.exe script skeleton that passes its exit code through.',
    category: 'Automation',
    tags: ['template'],
    osTypes: ['windows'],
    language: 'cmd',
    runAs: 'system',
    timeoutSeconds: 300,
    parameters: [{ name: 'Target', label: 'Target', type: 'string', required: true }],
    exitCodeSeverityMapping: null,
    content: `@echo off
echo Working on %SERVICE_PARAM_Target%
exit /b %ERRORLEVEL%
`,
  },
];

export function findTemplate(id: string): TLibraryScript | undefined {
  return SCRIPT_TEMPLATES.find((t) => t.id === id);
}
