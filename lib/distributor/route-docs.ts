// Shared access notes of the distributor routes (doc 2 "Distributor ordering").
export const DISTRIBUTOR_ACCESS =
  'Partner or system scope with `billing:manage`; an organization-scoped token is refused (403) even when it reaches the organization. Partner callers act for their own partner; system callers must give `partnerId` (400 `PARTNER_ID_REQUIRED`).';
export const DISTRIBUTOR_TAGS = ['Distributor'];
