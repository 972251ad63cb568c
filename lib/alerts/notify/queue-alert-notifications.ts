// What an alert move notifies, decided by the matching policies inside the move's own
// transaction: channel sends are queued as jobs (email through the existing send_email job,
// the other kinds through send_alert_notification, both retried by the worker) and in-app
// notifications are written for the policy's users (and pushed to their registered browsers and
// phones by send_push_notifications, when any has one). A non-root alert of a correlation group
// notifies nobody: one outage pages once.
import type { Tx } from '@/lib/db';
import type { Alert, AlertChannel, AlertPolicy } from '@/lib/generated/prisma/client';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import { decryptSecret } from '@/lib/auth/secrets';
import { buildChannelMessage } from '@/lib/alerts/channels/channel-message';
import { anyPushSubscribers } from '@/lib/mobile/push';

export type AlertNotice = 'triggered' | 'acknowledged' | 'resolved' | 'escalated';

export function policyMatches(p: AlertPolicy, alert: Alert): boolean {
  if (!p.enabled || p.partnerId !== alert.partnerId) return false;
  if (p.orgId && p.orgId !== alert.orgId) return false;
  if (p.severities.length && !p.severities.includes(alert.severity)) return false;
  if (p.ruleIds.length && (!alert.ruleId || !p.ruleIds.includes(alert.ruleId))) return false;
  return true;
}

function targetsOf(p: AlertPolicy, notice: AlertNotice): { channelIds: string[]; userIds: string[]; pagingOnly: boolean } {
  switch (notice) {
    case 'triggered':
      return { channelIds: p.channelIds, userIds: p.userIds, pagingOnly: false };
    case 'escalated':
      return { channelIds: p.escalationChannelIds, userIds: p.escalationUserIds, pagingOnly: false };
    case 'resolved':
      return p.notifyOnResolve
        ? { channelIds: [...p.channelIds, ...p.escalationChannelIds], userIds: p.userIds, pagingOnly: false }
        : { channelIds: [...p.channelIds, ...p.escalationChannelIds], userIds: [], pagingOnly: true };
    case 'acknowledged':
      // Only the incident pager hears about acknowledgements (so the incident stops re-paging).
      return { channelIds: [...p.channelIds, ...p.escalationChannelIds], userIds: [], pagingOnly: true };
  }
}

/** Only users who can see the alert's organization get it in their bell (access may have narrowed since the policy was written). */
async function usersWhoSee(tx: Tx, alert: Alert, userIds: string[]): Promise<string[]> {
  // One after the other: a transaction has one connection, which runs one query at a time.
  const partnerUsers = await tx.partnerUser.findMany({ where: { partnerId: alert.partnerId, userId: { in: userIds } }, select: { userId: true, orgAccess: true, orgIds: true } });
  const orgUsers = await tx.organizationUser.findMany({ where: { orgId: alert.orgId, userId: { in: userIds } }, select: { userId: true } });
  const allowed = new Set(orgUsers.map((u) => u.userId));
  for (const u of partnerUsers) if (u.orgAccess === 'all' || (u.orgAccess === 'selected' && u.orgIds.includes(alert.orgId))) allowed.add(u.userId);
  return userIds.filter((id) => allowed.has(id));
}

export async function matchingPolicies(tx: Tx, alert: Alert): Promise<AlertPolicy[]> {
  const policies = await tx.alertPolicy.findMany({ where: { partnerId: alert.partnerId, enabled: true, OR: [{ orgId: alert.orgId }, { orgId: null }] }, orderBy: { createdAt: 'asc' } });
  return policies.filter((p) => policyMatches(p, alert));
}

export async function queueAlertNotifications(tx: Tx, alert: Alert, notice: AlertNotice, only?: AlertPolicy[]): Promise<void> {
  // Grouped alerts stay quiet for every notice (trigger, escalation, acknowledge, resolve): the
  // group's root speaks for the outage.
  if (alert.correlationGroupId) {
    const group = await tx.alertCorrelationGroup.findUnique({ where: { id: alert.correlationGroupId }, select: { rootAlertId: true } });
    if (group && group.rootAlertId !== alert.id) return;
  }
  const policies = only ?? (await matchingPolicies(tx, alert));
  if (policies.length === 0) return;

  const channelPolicy = new Map<string, { policy: AlertPolicy; pagingOnly: boolean }>();
  const users = new Set<string>();
  for (const p of policies) {
    const t = targetsOf(p, notice);
    for (const id of t.channelIds) if (!channelPolicy.has(id)) channelPolicy.set(id, { policy: p, pagingOnly: t.pagingOnly });
    for (const id of t.userIds) users.add(id);
  }
  const channels: AlertChannel[] = channelPolicy.size
    ? await tx.alertChannel.findMany({ where: { id: { in: [...channelPolicy.keys()] }, partnerId: alert.partnerId, enabled: true } })
    : [];
  const templateIds = [...new Set(policies.map((p) => p.messageTemplateId).filter((id): id is string => Boolean(id)))];
  const templates = templateIds.length ? await tx.alertTemplate.findMany({ where: { id: { in: templateIds }, kind: 'message' } }) : [];
  const templateOf = (p: AlertPolicy) => templates.find((t) => t.id === p.messageTemplateId) ?? null;

  for (const channel of channels) {
    const { policy, pagingOnly } = channelPolicy.get(channel.id)!;
    if (pagingOnly && channel.kind !== 'pagerduty') continue;
    if (channel.kind === 'email') {
      const message = buildChannelMessage(alert, notice, templateOf(policy));
      const { recipients } = JSON.parse(decryptSecret(channel.configSealed)) as { recipients: string[] };
      await enqueueEmail(tx, { to: recipients, subject: message.subject, text: message.text });
    } else {
      await enqueueJob(tx, 'send_alert_notification', { channelId: channel.id, alertId: alert.id, notice, templateId: policy.messageTemplateId }, { maxAttempts: 8 });
    }
  }

  const recipients = users.size ? await usersWhoSee(tx, alert, [...users]) : [];
  if (recipients.length) {
    const message = buildChannelMessage(alert, notice, templateOf(policies[0]));
    await tx.notification.createMany({
      data: recipients.map((userId) => ({
        userId,
        partnerId: alert.partnerId,
        orgId: alert.orgId,
        alertId: alert.id,
        type: `alert.${notice}`,
        severity: alert.severity,
        title: message.subject,
        body: message.text.slice(0, 4000),
        link: `/alerts/${alert.id}`,
      })),
    });
    if (await anyPushSubscribers(tx, recipients)) {
      const push = { title: message.subject, body: message.text.slice(0, 1000), link: `/alerts/${alert.id}`, severity: alert.severity, alertId: alert.id };
      await enqueueJob(tx, 'send_push_notifications', { userIds: recipients, message: push }, { maxAttempts: 3 });
    }
  }
}
