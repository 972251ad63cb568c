export const PSA_TAGS = ['PSA connections'];
export const PSA_ACCESS = 'Partner scope. Connections are partner-wide: reads need `psa:read`, changes `psa:manage`.';
export const PSA_IMPORT_ACCESS = 'Needs partner scope with access to every organization, `orgs:write` and `sites:write`, and an MFA-satisfied session; 404 for a connection that is not the partner’s.';
