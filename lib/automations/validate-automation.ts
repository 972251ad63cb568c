// Checks what an automation refers to against its organization: scripts, groups, target
// devices, groups and sites must exist there (400 REF_NOT_FOUND naming the field), and a
// create_ticket action needs service management on (409 service_management_off).
import type { DbOrTx } from '@/lib/db';
import { AppError, badRequest } from '@/lib/http/errors';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { assertTicketCreationAllowed } from '@/lib/tickets/assert-ticket-creation-allowed';
import { assertWebhookUrl } from '@/lib/webhooks/assert-webhook-url';
import { actingAs } from '@/lib/automations/acting-as';
import { channelWhereFor } from '@/lib/automations/notify-channel';
import type { TAction, TConditions, TTargets } from '@/lib/automations/schemas';

const missing = (path: string, what: string) => badRequest(`${what} not found in the automation’s organization`, [{ path, message: 'Not found' }], 'REF_NOT_FOUND');

export async function validateAutomationRefs(client: DbOrTx, owner: { partnerId: string; orgId: string; createdBy: string | null }, input: { actions?: TAction[]; targets?: TTargets; conditions?: TConditions }): Promise<void> {
  const actor = actingAs({ id: '', ...owner });
  for (const [i, action] of (input.actions ?? []).entries()) {
    if (action.type === 'run_script') {
      try {
        await getScriptOrThrow(actor, action.scriptId, client);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) throw missing(`body.actions.${i}.scriptId`, 'Script');
        throw e;
      }
    } else if (action.type === 'add_to_group') {
      const group = await client.deviceGroup.findFirst({ where: { id: action.groupId, orgId: owner.orgId }, select: { type: true } });
      if (!group) throw missing(`body.actions.${i}.groupId`, 'Group');
      if (group.type !== 'static') throw badRequest('Devices can be added to static groups only', [{ path: `body.actions.${i}.groupId`, message: 'A dynamic group' }], 'GROUP_NOT_STATIC');
    } else if (action.type === 'create_ticket') {
      await assertTicketCreationAllowed(client, owner.partnerId);
    } else if (action.type === 'start_deployment') {
      const found = await client.deployment.findFirst({ where: { id: action.deploymentId, orgId: owner.orgId }, select: { id: true } });
      if (!found) throw missing(`body.actions.${i}.deploymentId`, 'Deployment');
    } else if (action.type === 'notify_channel') {
      const found = await client.alertChannel.findFirst({ where: { id: action.channelId, ...channelWhereFor(owner) }, select: { id: true } });
      if (!found) throw missing(`body.actions.${i}.channelId`, 'Alert channel');
    } else if (action.type === 'call_webhook') {
      await assertWebhookUrl(action.url, `body.actions.${i}.url`);
    }
  }
  const t = input.targets;
  if (t) {
    const devices = await client.device.count({ where: { id: { in: t.deviceIds }, orgId: owner.orgId } });
    if (devices !== new Set(t.deviceIds).size) throw missing('body.targets.deviceIds', 'Device');
    const groups = await client.deviceGroup.count({ where: { id: { in: t.groupIds }, orgId: owner.orgId } });
    if (groups !== new Set(t.groupIds).size) throw missing('body.targets.groupIds', 'Group');
    const sites = await client.site.count({ where: { id: { in: t.siteIds }, orgId: owner.orgId, deletedAt: null } });
    if (sites !== new Set(t.siteIds).size) throw missing('body.targets.siteIds', 'Site');
  }
  const siteIds = input.conditions?.siteIds ?? [];
  if (siteIds.length) {
    const sites = await client.site.count({ where: { id: { in: siteIds }, orgId: owner.orgId, deletedAt: null } });
    if (sites !== new Set(siteIds).size) throw missing('body.conditions.siteIds', 'Site');
  }
}
