// /api/v1/discovery/profiles — what a probe agent scans: subnets, ports, SNMP credentials, schedule.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateProfile, ZListProfilesQuery, ZProfile, ZProfilePage } from '@/lib/discovery/schemas';
import { createProfile, listProfiles } from '@/lib/discovery/profiles';
import { SCAN_DOC } from '@/lib/discovery/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  query: ZListProfilesQuery,
  summary: 'List discovery profiles',
  description: 'Needs `discovery:read`. Profiles of the caller’s organizations, newest first. SNMP credentials are listed by version (and v3 user name) only.',
  tags: ['Discovery'],
  response: ZProfilePage,
  handler: ({ ctx, query }) => listProfiles(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  body: ZCreateProfile,
  status: 201,
  summary: 'Create a discovery profile',
  description: `Needs \`discovery:manage\`. The profile belongs to the organization of its probe device (\`probeDeviceId\`, 400 \`PROBE_DEVICE_NOT_FOUND\` when not in scope). Subnets are IPv4 CIDRs normalised to their network address; together at most 4,096 addresses (400 \`SUBNET_TOO_LARGE\`). SNMP credentials (v2c communities, v3 authPriv users) are encrypted at rest and never returned. \`scheduleIntervalMinutes\` (15 to 43,200) scans on a schedule; null for manual scans only.\n\n${SCAN_DOC}`,
  tags: ['Discovery'],
  response: ZProfile,
  handler: ({ ctx, body }) => createProfile(ctx, body),
});
