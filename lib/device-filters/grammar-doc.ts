// The filter grammar as the API documentation states it, shared by every route that takes rules.
export const FILTER_GRAMMAR_DOC = [
  '**rules**: `{ match: "all" | "any", conditions: [...] }`; each condition is `{ field, op, value }` or a nested group of the same shape (at most 4 levels, 100 conditions in all). Fields and operators:',
  '- `osType` (`windows`, `macos`, `linux`), `status` (`pending`, `online`, `offline`, `uninstalled`, `decommissioned`), `orgId`, `siteId`: `eq`, `neq`, `in` (value a list);',
  '- `groupId`: `in`, `not_in` (member of any of the groups; not accepted in dynamic group rules);',
  '- `tags`: `has`, `lacks`; `hostname`: `eq`, `contains`, `starts_with`, `ends_with`, `matches` (glob `*` `?`), case-insensitive; `osVersion`: `eq`, `contains`, `starts_with`; `agentVersion`: `eq`, `neq`, `starts_with`;',
  '- `lastSeen`: `within_minutes`, `older_than_minutes` (value minutes; older also matches never seen);',
  '- `customField` with `key`: `eq`, `neq`, `contains` (text, case-insensitive; a multi-select equals when one of its values does), `gt`, `lt` (numbers), `is_set`, `is_not_set` (no value);',
  '- `software`: `installed`, `not_installed` (an installed program whose name contains the value).',
].join('\n');
