// The report types by name (ReportType in the schema).
import type { ReportTypeName } from '@/lib/reports/schemas';
import type { ReportDefinition } from '@/lib/reports/report-definition';
import { deviceInventory } from '@/lib/reports/types/device-inventory';
import { softwareInventory } from '@/lib/reports/types/software-inventory';
import { alertsSummary } from '@/lib/reports/types/alerts-summary';
import { patchCompliance } from '@/lib/reports/types/patch-compliance';
import { metrics } from '@/lib/reports/types/metrics';
import { ticketsSla } from '@/lib/reports/types/tickets-sla';
import { executiveSummary } from '@/lib/reports/types/executive-summary';

export const REPORT_DEFINITIONS: Record<ReportTypeName, ReportDefinition> = {
  device_inventory: deviceInventory,
  software_inventory: softwareInventory,
  alerts_summary: alertsSummary,
  patch_compliance: patchCompliance,
  metrics,
  tickets_sla: ticketsSla,
  executive_summary: executiveSummary,
};
