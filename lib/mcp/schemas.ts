import { z } from 'zod';
import { zJsonObject } from '@/lib/http/common-schemas';

export const ZMcpMessageQuery = z.object({
  sessionId: z.string().uuid().describe('The session named by the stream’s `endpoint` event'),
});

/** One JSON-RPC 2.0 message (request, notification, response or error), bounded like any body. */
export const ZJsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string().max(200), z.number().int()]).optional(),
    method: z.string().min(1).max(200).optional(),
    params: zJsonObject().optional(),
    result: zJsonObject().optional(),
    error: z.object({ code: z.number().int(), message: z.string().max(10_000), data: z.unknown().optional() }).optional(),
  })
  // A request or notification names a method; a response answers an id with a result or an error.
  .refine((m) => (m.method !== undefined ? m.result === undefined && m.error === undefined : m.id !== undefined && (m.result === undefined) !== (m.error === undefined)), {
    message: 'Not a JSON-RPC request, notification or response',
  })
  .meta({ id: 'JsonRpcMessage' });

export const ZMcpPost = z
  .union([ZJsonRpcMessage, z.array(ZJsonRpcMessage).min(1).max(50)])
  .describe('One JSON-RPC message, or a batch of them');

export const ZMcpCatalog = z.object({
  server: z.object({ name: z.string(), title: z.string(), version: z.string() }),
  endpoints: z.object({
    streamableHttp: z.string().describe('POST JSON-RPC here (Streamable HTTP transport, stateless)'),
    sse: z.string().describe('GET: the event stream of the SSE transport'),
    message: z.string().describe('POST: messages of an SSE session (`?sessionId=` from the stream’s endpoint event)'),
  }),
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      permission: z.string().describe('The key scope (permission) the tool needs'),
      readOnly: z.boolean(),
      destructive: z.boolean(),
      available: z.boolean().describe('The caller holds the permission (a key of the caller can get the tool)'),
    }),
  ),
  resources: z.array(z.object({ uriTemplate: z.string(), title: z.string(), permission: z.string(), available: z.boolean() })),
  prompts: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      arguments: z.array(z.object({ name: z.string(), description: z.string(), required: z.boolean() })),
    }),
  ),
});
export type TMcpCatalog = z.infer<typeof ZMcpCatalog>;
