// Every task the worker runs, by identifier. Jobs are enqueued by name from lib/ (enqueueJob).
import { securityDailyScoresTask } from './tasks/security-daily-scores';
import type { TaskList } from 'graphile-worker';
import { prunePendingRegistrationsTask } from './tasks/prune-pending-registrations';
import { pruneRateLimits } from './tasks/prune-rate-limits';
import { pruneSessions } from './tasks/prune-sessions';
import { sendEmailTask } from './tasks/send-email';
import { deleteAttachmentObjectTask } from './tasks/delete-attachment-object';
import { purgePendingAttachmentsTask } from './tasks/purge-pending-attachments';
import { purgeOrphanAgentChunksTask } from './tasks/purge-orphan-agent-chunks';
import { deliverWebhookTask, deliverWebhooksTask } from './tasks/deliver-webhook';
import { recoverWebhookDeliveriesTask } from './tasks/recover-webhook-deliveries';
import { pruneWebhookDeliveriesTask } from './tasks/prune-webhook-deliveries';
import { prunePluginApiCallsTask } from './tasks/prune-plugin-api-calls';
import { accountingReconcileSweepTask } from './tasks/accounting-reconcile-sweep';
import { sweepDevicePresenceTask } from './tasks/sweep-device-presence';
import { finalizeOffboardingTask, sweepOffboardingTask } from './tasks/finalize-offboarding';
import { refreshDynamicGroupsTask } from './tasks/refresh-dynamic-groups';
import { sendPortalPasswordResetsTask } from './tasks/send-portal-password-resets';
import { prunePortalSessionsTask } from './tasks/prune-portal-sessions';
import { billingSweepTask } from './tasks/billing-sweep';
import { prunePartnerApiIdempotencyKeysTask } from './tasks/prune-partner-api-idempotency-keys';
// Alerts
import { sweepAlertRulesTask } from './tasks/sweep-alert-rules';
import { sendAlertNotificationTask } from './tasks/send-alert-notification';
import { runDueMonitorsTask } from './tasks/run-due-monitors';
import { pruneMonitorResultsTask } from './tasks/prune-monitor-results';
import { runDueSnmpPollsTask } from './tasks/run-due-snmp-polls';
import { distributorSyncAllTask, distributorSyncTask } from './tasks/distributor-sync';
import { recoverDistributorSubmitsTask } from './tasks/recover-distributor-submits';
import { maintainMetricHistoryTask } from './tasks/maintain-metric-history';
import { rollForwardMaintenanceTask } from './tasks/roll-forward-maintenance';
import { sweepRemoteSessionsTask } from './tasks/sweep-remote-sessions';
import { startPatchJobsTask } from './tasks/start-patch-jobs';
import { applyPatchPoliciesTask } from './tasks/apply-patch-policies';
import { advanceDeploymentsTask } from './tasks/advance-deployments';
import { generateReportRunTask } from './tasks/generate-report-run';
import { enqueueDueReportsTask } from './tasks/enqueue-due-reports';
import { matchAutomationEventsTask, runAutomationTask, runDueAutomationsTask } from './tasks/automations';
import { evaluatePoliciesTask } from './tasks/evaluate-policies';
import { refreshVulnerabilityFeedTask, refreshVulnerabilityFeedsTask, sweepVulnerabilityAcceptancesTask, vulnerabilityRecomputeTask } from './tasks/vulnerabilities';
import { runDiscoverySchedulesTask } from './tasks/run-discovery-schedules';
import { syncEdrAllTask, syncEdrFindingsTask } from './tasks/sync-edr-findings';
import { sendPushNotificationsTask } from './tasks/send-push-notifications';
import { openPsaTicketTask, syncPsaAllTask, syncPsaConnectionTask, updatePsaTicketTask } from './tasks/sync-psa-connection';

export const taskList: TaskList = {
  prune_pending_registrations: prunePendingRegistrationsTask,
  prune_rate_limits: pruneRateLimits,
  prune_sessions: pruneSessions,
  send_email: sendEmailTask,
  delete_attachment_object: deleteAttachmentObjectTask,
  purge_pending_attachments: purgePendingAttachmentsTask,
  purge_orphan_agent_chunks: purgeOrphanAgentChunksTask,
  deliver_webhook: deliverWebhookTask,
  deliver_webhooks: deliverWebhooksTask,
  recover_webhook_deliveries: recoverWebhookDeliveriesTask,
  prune_webhook_deliveries: pruneWebhookDeliveriesTask,
  prune_plugin_api_calls: prunePluginApiCallsTask,
  accounting_reconcile_sweep: accountingReconcileSweepTask,
  sweep_device_presence: sweepDevicePresenceTask,
  finalize_offboarding: finalizeOffboardingTask,
  sweep_offboarding: sweepOffboardingTask,
  refresh_dynamic_groups: refreshDynamicGroupsTask,
  send_portal_password_resets: sendPortalPasswordResetsTask,
  prune_portal_sessions: prunePortalSessionsTask,
  billing_sweep: billingSweepTask,
  prune_partner_api_idempotency_keys: prunePartnerApiIdempotencyKeysTask,
  sweep_alert_rules: sweepAlertRulesTask,
  send_alert_notification: sendAlertNotificationTask,
  send_push_notifications: sendPushNotificationsTask,
  run_due_monitors: runDueMonitorsTask,
  prune_monitor_results: pruneMonitorResultsTask,
  run_due_snmp_polls: runDueSnmpPollsTask,
  distributor_sync: distributorSyncTask,
  distributor_sync_all: distributorSyncAllTask,
  recover_distributor_submits: recoverDistributorSubmitsTask,
  maintain_metric_history: maintainMetricHistoryTask,
  roll_forward_maintenance: rollForwardMaintenanceTask,
  start_patch_jobs: startPatchJobsTask,
  apply_patch_policies: applyPatchPoliciesTask,
  advance_deployments: advanceDeploymentsTask,
  generate_report_run: generateReportRunTask,
  enqueue_due_reports: enqueueDueReportsTask,
  run_automation: runAutomationTask,
  match_automation_events: matchAutomationEventsTask,
  run_due_automations: runDueAutomationsTask,
  evaluate_policies: evaluatePoliciesTask,
  vulnerability_recompute: vulnerabilityRecomputeTask,
  refresh_vulnerability_feed: refreshVulnerabilityFeedTask,
  refresh_vulnerability_feeds: refreshVulnerabilityFeedsTask,
  sweep_vulnerability_acceptances: sweepVulnerabilityAcceptancesTask,
  run_discovery_schedules: runDiscoverySchedulesTask,
  security_daily_scores: securityDailyScoresTask,
  sync_edr_findings: syncEdrFindingsTask,
  sync_edr_all: syncEdrAllTask,
  sync_psa_connection: syncPsaConnectionTask,
  sync_psa_all: syncPsaAllTask,
  open_psa_ticket: openPsaTicketTask,
  update_psa_ticket: updatePsaTicketTask,
  sweep_remote_sessions: sweepRemoteSessionsTask,
};

// One line per periodic job (graphile-worker crontab syntax).
export const crontab = [
  '0 * * * * prune_rate_limits',
  '30 3 * * * prune_sessions',
  '15 * * * * prune_pending_registrations',
  '*/15 * * * * purge_pending_attachments',
  '25 * * * * purge_orphan_agent_chunks',
  '* * * * * recover_webhook_deliveries',
  '45 3 * * * prune_webhook_deliveries',
  '50 3 * * * prune_plugin_api_calls',
  '15 * * * * accounting_reconcile_sweep {trigger:"schedule"}',
  '* * * * * sweep_device_presence',
  '* * * * * advance_deployments',
  '* * * * * match_automation_events',
  '* * * * * run_due_automations',
  '*/15 * * * * evaluate_policies',
  '*/15 * * * * sync_edr_all',
  '*/30 * * * * sync_psa_all',
  '*/15 * * * * sweep_offboarding',
  '*/5 * * * * refresh_dynamic_groups',
  '40 3 * * * prune_portal_sessions',
  '20 * * * * billing_sweep',
  '50 * * * * prune_partner_api_idempotency_keys',
  '* * * * * sweep_alert_rules',
  '* * * * * run_due_monitors',
  '50 3 * * * prune_monitor_results',
  '* * * * * run_due_snmp_polls',
  '20 2 * * * distributor_sync_all',
  '*/5 * * * * recover_distributor_submits',
  '7 * * * * maintain_metric_history',
  '10 * * * * roll_forward_maintenance',
  '* * * * * start_patch_jobs',
  '25 * * * * apply_patch_policies',
  '* * * * * enqueue_due_reports',
  '35 * * * * refresh_vulnerability_feeds',
  '*/5 * * * * sweep_vulnerability_acceptances',
  '* * * * * run_discovery_schedules',
  '5 0 * * * security_daily_scores',
  '* * * * * sweep_remote_sessions',
].join('\n');
