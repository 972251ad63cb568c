// The Anthropic Messages API through the official SDK, streamed: text deltas as they come,
// each tool_use block once its input JSON is complete, usage from message_start/message_delta.
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, Tool, ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { parseToolInput, type ModelAdapter, type ModelEvent, type ModelMessage, type ModelStopReason, type ModelTurnRequest } from './types';

export interface ProviderOptions {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  fetch: typeof fetch;
}

/** The history in the Messages API's shape: alternating roles, tool results in a user turn. */
export function toAnthropicMessages(messages: ModelMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    if (!blocks.length) return;
    const last = out[out.length - 1];
    // Two user turns in a row (tool results, then the next question) become one.
    if (last && last.role === role) (last.content as ContentBlockParam[]).push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', m.text.trim() ? [{ type: 'text', text: m.text }] : []);
    else if (m.role === 'tool_results') push('user', m.results.map((r) => ({ type: 'tool_result', tool_use_id: r.toolCallId, content: r.content, is_error: r.isError })));
    else
      push(
        'assistant',
        m.blocks.filter((b) => b.type !== 'text' || b.text.trim()).map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: b.id, name: b.name, input: b.input })),
      );
  }
  return out;
}

function stopReason(reason: string | null | undefined): ModelStopReason {
  if (reason === 'end_turn' || reason === 'tool_use' || reason === 'max_tokens') return reason;
  return reason === 'stop_sequence' ? 'end_turn' : 'other';
}

export function anthropicAdapter(options: ProviderOptions): ModelAdapter {
  const client = new Anthropic({ apiKey: options.apiKey ?? 'none', baseURL: options.baseUrl ?? null, fetch: options.fetch, maxRetries: 1 });
  return {
    provider: 'anthropic',
    model: options.model,
    async *stream(request: ModelTurnRequest): AsyncIterable<ModelEvent> {
      const stream = await client.messages.create(
        {
          model: options.model,
          max_tokens: request.maxTokens,
          system: request.system,
          messages: toAnthropicMessages(request.messages),
          tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema as Tool['input_schema'] })),
          stream: true,
        },
        { signal: request.signal },
      );
      let inputTokens = 0;
      let outputTokens = 0;
      const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
      for await (const event of stream) {
        switch (event.type) {
          case 'message_start':
            inputTokens = event.message.usage.input_tokens ?? 0;
            outputTokens = event.message.usage.output_tokens ?? 0;
            // Known from the start: an interrupted answer still counts its input.
            yield { type: 'usage', inputTokens, outputTokens };
            break;
          case 'content_block_start':
            if (event.content_block.type === 'tool_use') toolBlocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
            break;
          case 'content_block_delta':
            if (event.delta.type === 'text_delta') yield { type: 'text', delta: event.delta.text };
            else if (event.delta.type === 'input_json_delta') {
              const block = toolBlocks.get(event.index);
              if (block) block.json += event.delta.partial_json;
            }
            break;
          case 'content_block_stop': {
            const block = toolBlocks.get(event.index);
            if (block) yield { type: 'tool_call', id: block.id, name: block.name, input: parseToolInput(block.json) };
            break;
          }
          case 'message_delta':
            outputTokens = event.usage.output_tokens ?? outputTokens;
            if (event.usage.input_tokens) inputTokens = event.usage.input_tokens;
            yield { type: 'usage', inputTokens, outputTokens };
            yield { type: 'stop', reason: stopReason(event.delta.stop_reason) };
            break;
          default:
            break;
        }
      }
    },
  };
}
