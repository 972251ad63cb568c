// Any OpenAI-compatible chat completions endpoint through the official SDK (a base URL reaches a
// local model server), streamed: content deltas as they come, tool calls assembled from their
// indexed deltas and handed over when the choice finishes, usage from the final chunk.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { parseToolInput, type ModelAdapter, type ModelEvent, type ModelMessage, type ModelStopReason, type ModelTurnRequest } from './types';
import type { ProviderOptions } from './anthropic-adapter';

export function toOpenAiMessages(system: string, messages: ModelMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'tool_results') for (const r of m.results) out.push({ role: 'tool', tool_call_id: r.toolCallId, content: r.isError ? `ERROR: ${r.content}` : r.content });
    else {
      const text = m.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      const calls = m.blocks.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input) } }] : []));
      if (!text && !calls.length) continue;
      out.push({ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) });
    }
  }
  return out;
}

function stopReason(reason: string | null | undefined): ModelStopReason {
  if (reason === 'stop') return 'end_turn';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  return reason === 'length' ? 'max_tokens' : 'other';
}

export function openAiAdapter(options: ProviderOptions): ModelAdapter {
  const client = new OpenAI({ apiKey: options.apiKey ?? 'none', baseURL: options.baseUrl, fetch: options.fetch, maxRetries: 1 });
  return {
    provider: 'openai',
    model: options.model,
    async *stream(request: ModelTurnRequest): AsyncIterable<ModelEvent> {
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          max_completion_tokens: request.maxTokens,
          messages: toOpenAiMessages(request.system, request.messages),
          ...(request.tools.length
            ? { tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.inputSchema } })) }
            : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: request.signal },
      );
      const calls = new Map<number, { id: string; name: string; json: string }>();
      let finish: string | null = null;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) yield { type: 'text', delta: choice.delta.content };
        for (const call of choice?.delta?.tool_calls ?? []) {
          const entry = calls.get(call.index) ?? { id: '', name: '', json: '' };
          if (call.id) entry.id = call.id;
          if (call.function?.name) entry.name += call.function.name;
          if (call.function?.arguments) entry.json += call.function.arguments;
          calls.set(call.index, entry);
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage) yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
      }
      for (const [index, call] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
        yield { type: 'tool_call', id: call.id || `call_${index}`, name: call.name, input: parseToolInput(call.json) };
      }
      yield { type: 'stop', reason: stopReason(finish) };
    },
  };
}
