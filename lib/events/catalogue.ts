// Every event type of doc 2's table, in one typed catalogue.
export const EVENT_TYPES = [
  'device.enrolled',
  'device.online',
  'device.offline',
  'device.updated',
  'device.decommissioned',
  'alert.triggered',
  'alert.acknowledged',
  'alert.resolved',
  'alert.escalated',
  'script.started',
  'script.completed',
  'script.failed',
  'automation.started',
  'automation.completed',
  'automation.failed',
  'policy.evaluated',
  'policy.violation',
  'policy.compliant',
  'patch.available',
  'patch.approved',
  'patch.installed',
  'patch.failed',
  'patch.rollback',
  'security.score_changed',
  'remote.session.started',
  'remote.session.ended',
  'user.login',
  'user.logout',
  'session.login',
  'session.logout',
  'webhook.test',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
