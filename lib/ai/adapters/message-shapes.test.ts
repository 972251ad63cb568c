import { describe, expect, it } from 'vitest';
import { toAnthropicMessages } from '@/lib/ai/adapters/anthropic-adapter';
import { toOpenAiMessages } from '@/lib/ai/adapters/openai-adapter';
import { parseToolInput, type ModelMessage } from '@/lib/ai/adapters/types';

const history: ModelMessage[] = [
  { role: 'user', text: 'Reboot web-01' },
  { role: 'assistant', blocks: [{ type: 'text', text: 'I will reboot it.' }, { type: 'tool_use', id: 'toolu_1', name: 'run_device_command', input: { id: 'd1' } }] },
  { role: 'tool_results', results: [{ toolCallId: 'toolu_1', name: 'run_device_command', content: 'Cancelled', isError: true }] },
  { role: 'user', text: 'Never mind' },
  { role: 'assistant', blocks: [{ type: 'text', text: '' }] },
];

describe('provider message shapes', () => {
  it('gives the Messages API alternating turns: tool results and the next question share one user turn', () => {
    const out = toAnthropicMessages(history);
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(out[2].content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Cancelled', is_error: true },
      { type: 'text', text: 'Never mind' },
    ]);
    expect(out[1].content).toContainEqual({ type: 'tool_use', id: 'toolu_1', name: 'run_device_command', input: { id: 'd1' } });
  });

  it('gives chat completions a system message, tool_calls with JSON arguments and one tool message per result', () => {
    const out = toOpenAiMessages('be brief', history);
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(out[2]).toMatchObject({ content: 'I will reboot it.', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'run_device_command', arguments: '{"id":"d1"}' } }] });
    expect(out[3]).toEqual({ role: 'tool', tool_call_id: 'toolu_1', content: 'ERROR: Cancelled' });
  });

  it('reads tool arguments as an object, whatever the model sent', () => {
    expect(parseToolInput('{"id":"x"}')).toEqual({ id: 'x' });
    expect(parseToolInput('')).toEqual({});
    expect(parseToolInput('[1,2]')).toEqual({});
    expect(parseToolInput('{"id":')).toEqual({});
  });
});
