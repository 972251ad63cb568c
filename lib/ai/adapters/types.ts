// The provider-neutral model interface of the AI assistant: one streaming call with a system
// prompt, a history, tools, and an abort signal, answered as a sequence of events. Each
// provider's adapter maps this onto its own SDK and wire format.

export type AiTextBlock = { type: 'text'; text: string };
export type AiToolUseBlock = { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };
export type AiContentBlock = AiTextBlock | AiToolUseBlock;

export interface AiToolResult {
  toolCallId: string;
  name: string;
  content: string;
  isError: boolean;
}

export type ModelMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; blocks: AiContentBlock[] }
  | { role: 'tool_results'; results: AiToolResult[] };

export interface ModelTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ModelTurnRequest {
  system: string;
  messages: ModelMessage[];
  tools: ModelTool[];
  maxTokens: number;
  signal: AbortSignal;
}

export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'other';

export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'stop'; reason: ModelStopReason };

export interface ModelAdapter {
  provider: 'anthropic' | 'openai';
  model: string;
  stream(request: ModelTurnRequest): AsyncIterable<ModelEvent>;
}

/** Tool arguments as the model sent them: a JSON object, or {} when it sent something else. */
export function parseToolInput(json: string): Record<string, unknown> {
  if (!json.trim()) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
