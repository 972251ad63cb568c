// The MCP server's guided workflows (prompts/list, prompts/get): each turns a few arguments into
// instructions that name the tools and resources to use, in order, and what to report.
import { z } from 'zod';

export interface McpPrompt {
  name: string;
  title: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
  render: (args: Record<string, string>) => string;
}

const id = z.string().uuid();

export const MCP_PROMPTS: readonly McpPrompt[] = [
  {
    name: 'triage_open_alerts',
    title: 'Triage open alerts',
    description: 'Go through the open alerts, most severe first, group related ones, and propose (not take) the next action for each.',
    arguments: [{ name: 'orgId', description: 'Only this organization (UUID); omit for every organization you can see', required: false }],
    render: (a) =>
      [
        `Triage the open alerts${a.orgId ? ` of organization ${a.orgId}` : ''}.`,
        `1. Call get_alert_summary${a.orgId ? ` with orgId ${a.orgId}` : ''} for the counts by severity, then list_alerts with status "active"${a.orgId ? ` and orgId ${a.orgId}` : ''}, most severe first.`,
        '2. For each critical or high alert, read its device (get_device, or the resource rmm://devices/<deviceId>) and its recent activity (get_device_activity) to judge whether it is real, a duplicate of another alert on the same device, or noise.',
        '3. Group alerts that share a device or a cause.',
        '4. Answer with a table: alert, device, severity, your assessment, and the action you propose (acknowledge, resolve, open a ticket with create_ticket_from_alert, run a script). Do not acknowledge, resolve or run anything until the user confirms.',
      ].join('\n'),
  },
  {
    name: 'investigate_device',
    title: 'Investigate a device',
    description: 'Build a picture of one device: state, recent activity, alerts, patches, and what to do next.',
    arguments: [{ name: 'deviceId', description: 'The device (UUID)', required: true }],
    render: (a) =>
      [
        `Investigate device ${a.deviceId}.`,
        `1. Read it with get_device (or the resource rmm://devices/${a.deviceId}): status, last contact, OS, agent version, organization and site.`,
        '2. get_device_metrics for CPU, memory and disk over the last day; get_device_inventory for hardware and installed software when relevant.',
        `3. list_alerts with deviceId ${a.deviceId} for its open alerts, get_device_activity for what changed recently, list_device_commands for commands and scripts that ran.`,
        `4. list_device_patch_status for missing or failed patches of the device.`,
        '5. Summarise what is wrong or at risk, the likely cause, and the next steps. Propose commands or scripts (run_device_command, run_script) but run them only when the user confirms.',
      ].join('\n'),
  },
  {
    name: 'customer_patch_status',
    title: 'Patch status of a customer',
    description: 'Patch compliance of one organization: what is missing, what failed, what waits for approval.',
    arguments: [{ name: 'orgId', description: 'The customer organization (UUID)', required: true }],
    render: (a) =>
      [
        `Report the patch status of organization ${a.orgId}.`,
        `1. get_patch_compliance with orgId ${a.orgId} for the overall figures.`,
        `2. list_device_patch_status with orgId ${a.orgId}: devices with missing, failed or pending patches, worst first.`,
        `3. list_patch_approvals with orgId ${a.orgId} for patches waiting for a decision, and list_patches for the critical and security ones among them.`,
        '4. Answer with the compliance percentage, the devices most behind, the patches that failed and why, and the approvals you recommend. Approve nothing (approve_patch) until the user confirms.',
      ].join('\n'),
  },
  {
    name: 'customer_weekly_summary',
    title: 'Weekly summary for a customer',
    description: 'A plain-language summary of the last seven days for one organization, ready to send to the customer.',
    arguments: [{ name: 'orgId', description: 'The customer organization (UUID)', required: true }],
    render: (a) =>
      [
        `Write the weekly summary for organization ${a.orgId}, covering the last seven days.`,
        `1. get_executive_summary with orgId ${a.orgId} for the fleet and service figures.`,
        `2. get_alerts_report with orgId ${a.orgId} for the alerts raised and resolved; get_tickets_sla_report with orgId ${a.orgId} for tickets opened, closed and SLA results (skip it if service management is off).`,
        `3. get_patch_compliance with orgId ${a.orgId} and list_devices with orgId ${a.orgId} for devices offline or at risk.`,
        '4. Write it for the customer, not for a technician: what went well, what needed attention, what is planned next week. Keep it under 300 words and add the key figures as a short list.',
      ].join('\n'),
  },
  {
    name: 'onboard_new_site',
    title: 'Onboard a new site',
    description: 'A checklist to bring a new customer site under management, checked against what already exists.',
    arguments: [
      { name: 'orgId', description: 'The organization the site belongs to (UUID)', required: true },
      { name: 'siteName', description: 'The name of the new site', required: true },
    ],
    render: (a) =>
      [
        `Prepare the onboarding of the site "${a.siteName}" of organization ${a.orgId}.`,
        `1. list_sites with orgId ${a.orgId}: does a site of that name exist already? Creating a site and minting its enrollment key need a person with a completed MFA challenge in the console (Organizations → Sites, then Enrollment keys); an API key cannot do either, so tell the user exactly what to create there.`,
        `2. list_devices with orgId ${a.orgId} to see which devices of the organization are already enrolled (and may need moving to the new site).`,
        '3. list_scripts for the onboarding scripts worth running on new devices (baseline configuration, software), and get_patch_compliance for the organization so the new devices join an approved patch baseline.',
        `4. Write the checklist: site, enrollment key, agent installation (the install one-liner from the enrollment key page), scripts to run, patch approvals, alert policies to review. If the user wants it tracked, open a ticket for it with create_ticket (orgId ${a.orgId}).`,
      ].join('\n'),
  },
];

/** The prompt's argument values, checked: required ones present, ids well formed. */
export function promptArguments(prompt: McpPrompt, given: Record<string, string> | undefined): { ok: true; args: Record<string, string> } | { ok: false; message: string } {
  const args: Record<string, string> = {};
  for (const a of prompt.arguments) {
    const value = given?.[a.name]?.trim();
    if (!value) {
      if (a.required) return { ok: false, message: `The argument ${a.name} is required` };
      continue;
    }
    if (a.name.endsWith('Id') && !id.safeParse(value).success) return { ok: false, message: `The argument ${a.name} must be a UUID` };
    if (value.length > 200) return { ok: false, message: `The argument ${a.name} is too long` };
    args[a.name] = value;
  }
  return { ok: true, args };
}
