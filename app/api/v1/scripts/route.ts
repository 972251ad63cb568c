// /api/v1/scripts — list the script libraries in scope; create a script.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateScript, ZListScriptsQuery, ZScript, ZScriptSummary } from '@/lib/scripts/schemas';
import { listScripts } from '@/lib/scripts/list-scripts';
import { createScript } from '@/lib/scripts/create-script';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  query: ZListScriptsQuery,
  summary: 'List scripts',
  description: 'Scripts of the organization libraries you can see plus your partner’s library (`availability` partner), by name, without bodies (`contentBytes` gives the size). Filters: `search`, `orgId`, `availability`, `categoryId`, `tag`, `language`, `osType`.',
  tags: ['Scripts'],
  response: ZPageOf(ZScriptSummary),
  handler: ({ ctx, query }) => listScripts(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:write',
  body: ZCreateScript,
  status: 201,
  audit: 'script.create',
  summary: 'Create a script',
  description: [
    'Fields as in doc 3’s bundle entry: `name` (unique within its library, else 409 `SCRIPT_NAME_CONFLICT`), `osTypes`, `language` powershell|bash|python|cmd, `content` (≤ 256 KB, stored byte for byte), `runAs` system|user|elevated, `timeoutSeconds` (default 300, max 3,600), `description`, `category` and `tags` (names, resolved or created in the partner’s vocabulary), `parameters`, `exitCodeSeverityMapping` (exit code → critical|high|medium|low|info|null; a mapping of every code to null is rejected).',
    '`availability` org (default; `orgId` names the organization unless you are an organization user or your partner has one organization) or partner (the whole partner library; needs access to every organization of the partner, else 403).',
    'Parameters reach the script as environment variables `SERVICE_PARAM_<name>`; a parameter with `customField` takes its value from that device custom field.',
  ].join('\n\n'),
  tags: ['Scripts'],
  response: ZScript,
  handler: ({ ctx, body }) => createScript(ctx, body),
});
