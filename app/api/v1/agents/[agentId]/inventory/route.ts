// PUT /api/v1/agents/:agentId/inventory — the agent's full inventory.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams, ZInventoryBody, ZInventoryResponse } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { storeInventory } from '@/lib/agents/store-inventory';

export const PUT = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentParams,
  body: ZInventoryBody,
  cleanText: true,
  // Up to 20,000 packages with their fields.
  maxBodyBytes: 16 * 1024 * 1024,
  audit: false,
  summary: 'Upload the device inventory',
  description: 'Hardware, OS, disks, network interfaces and installed software (up to 20,000 packages); replaces the previous inventory. Sent after enrollment, on `refresh_inventory` and daily. Refused with 403 `AGENT_ACCESS_NARROWED` while the partner is offboarding.',
  tags: ['Agents'],
  response: ZInventoryResponse,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return storeInventory(ctx, body);
  },
});
