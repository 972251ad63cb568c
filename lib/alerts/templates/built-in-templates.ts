// Built-in rule templates (GET /alert-templates/templates/built-in). A rule created with
// `templateId: 'builtin:<key>'` takes its severity and condition from here unless it gives its own.
import type { AlertSeverity, RuleCondition } from '@/lib/alerts/schemas';

export interface BuiltInTemplate {
  id: string;
  kind: 'rule';
  name: string;
  description: string;
  rule: { severity: AlertSeverity; condition: RuleCondition; autoResolve: boolean; cooldownMinutes: number };
}

export const BUILT_IN_TEMPLATES: BuiltInTemplate[] = [
  {
    id: 'builtin:high-cpu',
    kind: 'rule',
    name: 'High CPU',
    description: 'CPU above 90 % for 5 consecutive heartbeats',
    rule: { severity: 'high', condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90, consecutiveBeats: 5, durationMinutes: 0 }, autoResolve: true, cooldownMinutes: 15 },
  },
  {
    id: 'builtin:high-memory',
    kind: 'rule',
    name: 'High memory',
    description: 'Memory above 95 % for 5 consecutive heartbeats',
    rule: { severity: 'medium', condition: { type: 'metric', metric: 'memory', operator: 'gt', threshold: 95, consecutiveBeats: 5, durationMinutes: 0 }, autoResolve: true, cooldownMinutes: 15 },
  },
  {
    id: 'builtin:low-disk',
    kind: 'rule',
    name: 'Low disk space',
    description: 'Fullest disk above 90 % used',
    rule: { severity: 'high', condition: { type: 'metric', metric: 'disk', operator: 'gt', threshold: 90, consecutiveBeats: 1, durationMinutes: 0 }, autoResolve: true, cooldownMinutes: 60 },
  },
  {
    id: 'builtin:critical-disk',
    kind: 'rule',
    name: 'Critical disk space',
    description: 'Fullest disk above 98 % used',
    rule: { severity: 'critical', condition: { type: 'metric', metric: 'disk', operator: 'gte', threshold: 98, consecutiveBeats: 1, durationMinutes: 0 }, autoResolve: true, cooldownMinutes: 60 },
  },
  {
    id: 'builtin:offline',
    kind: 'rule',
    name: 'Device offline',
    description: 'No heartbeat for 10 minutes',
    rule: { severity: 'critical', condition: { type: 'offline', durationMinutes: 10 }, autoResolve: true, cooldownMinutes: 5 },
  },
  {
    id: 'builtin:script-failed',
    kind: 'rule',
    name: 'Script or command failed',
    description: 'A script run or command on the device failed or timed out',
    rule: { severity: 'medium', condition: { type: 'script_failed', commandTypes: [] }, autoResolve: true, cooldownMinutes: 0 },
  },
];

export function builtInTemplate(id: string): BuiltInTemplate | undefined {
  return BUILT_IN_TEMPLATES.find((t) => t.id === id);
}
