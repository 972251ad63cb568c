// POST /api/v1/scripts/:id/execute — run a script on devices through their agents.
import { defineRoute } from '@/lib/http/define-route';
import { ZScriptIdParams } from '@/lib/scripts/schemas';
import { ZExecuteResponse, ZExecuteScript } from '@/lib/scripts/executions/schemas';
import { executeScript } from '@/lib/scripts/executions/execute-script';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZScriptIdParams,
  body: ZExecuteScript,
  status: 202,
  audit: 'script.execute',
  summary: 'Execute a script on devices',
  description: [
    'Targets `deviceIds` (up to 1,000) or the members of `groupId`. Each device gets one execution, delivered to its agent as a `run_script` command (claimed with the next heartbeat); per-device outcomes: `executions`, `skipped` (DEVICE_INACTIVE, OS_MISMATCH) and `failed` (NOT_FOUND, SCRIPT_NOT_AVAILABLE, PARAMETER_UNRESOLVED).',
    'Parameters reach the script as environment variables `SERVICE_PARAM_<name>` (given value, else the device’s custom field named by the parameter’s `customField`, else its default). `variables` replace `{{var.key}}` in the body (a used but missing key: 400 `UNKNOWN_VARIABLE`). `secretVariables` reach the script only as environment variables `SERVICE_VAR_<NAME>`: they never enter the body, the device command, logs or results, and any value of 4+ characters printed by the script is redacted from the stored output.',
    'Emits `script.started` per execution when it is queued, then `script.completed` (exit 0) or `script.failed` (non-zero exit, timeout, cancel). An exit code that the script’s `exitCodeSeverityMapping` rates raises an alert (source `script`, one open per script and device; a later run with an unrated exit code resolves it). The timeout (`timeoutSeconds`, default the script’s) is enforced by the agent, which kills the process tree, and by a server sweep for agents that go silent.',
  ].join('\n\n'),
  tags: ['Scripts'],
  response: ZExecuteResponse,
  handler: ({ ctx, params, body }) => executeScript(ctx, params.id, body),
});
