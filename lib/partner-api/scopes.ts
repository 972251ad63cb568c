// The partner-API scope catalogue (doc 3 "Partner API"). Separate from the console permission
// catalogue on purpose: a service principal holds these scopes and nothing else.
export const PARTNER_API_SCOPES = {
  'organizations:read': 'Export organizations',
  'organizations:write': 'Create organizations',
  'sites:read': 'Export sites',
  'sites:write': 'Create sites',
  'devices:read': 'Export devices',
  'inventory:read': 'Export device inventory, installed software and device relationships',
  'configuration:read': 'Export configuration policies, their assignments and automations',
  'scripts:read': 'Export scripts',
  'backup-configuration:read': 'Export backup configurations',
  'custom-fields:read': 'Export custom-field definitions and values',
  'enrollment-keys:write': 'Mint enrollment keys (needs a principal with an expiry and a source-CIDR allowlist)',
} as const;

export type PartnerApiScope = keyof typeof PARTNER_API_SCOPES;

export const PARTNER_API_SCOPE_NAMES = Object.keys(PARTNER_API_SCOPES) as [PartnerApiScope, ...PartnerApiScope[]];

export function isPartnerApiScope(value: string): value is PartnerApiScope {
  return Object.prototype.hasOwnProperty.call(PARTNER_API_SCOPES, value);
}
