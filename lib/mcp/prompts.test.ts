import { describe, expect, it } from 'vitest';
import { MCP_PROMPTS, promptArguments } from '@/lib/mcp/prompts';
import { MCP_TOOL_CATALOGUE } from '@/lib/mcp/tool-catalogue';

const TOOL_NAME = /\b[a-z]+(?:_[a-z]+)+\b/g;
const tools = new Set(MCP_TOOL_CATALOGUE.map((t) => t.name));

describe('MCP prompts', () => {
  it('name only tools the server offers', () => {
    for (const prompt of MCP_PROMPTS) {
      const args = Object.fromEntries(prompt.arguments.map((a) => [a.name, a.name.endsWith('Id') ? '00000000-0000-4000-8000-000000000000' : 'Main office']));
      const text = prompt.render(args);
      const named = [...text.matchAll(TOOL_NAME)].map((m) => m[0]).filter((w) => /^(list|get|run|create|acknowledge|resolve|approve|add|update)_/.test(w));
      expect(named.length, prompt.name).toBeGreaterThan(0);
      for (const name of named) expect(tools.has(name), `${prompt.name} names ${name}`).toBe(true);
    }
  });

  it('check their arguments', () => {
    const device = MCP_PROMPTS.find((p) => p.name === 'investigate_device')!;
    expect(promptArguments(device, {})).toEqual({ ok: false, message: 'The argument deviceId is required' });
    expect(promptArguments(device, { deviceId: 'nope' })).toEqual({ ok: false, message: 'The argument deviceId must be a UUID' });
    const triage = MCP_PROMPTS.find((p) => p.name === 'triage_open_alerts')!;
    expect(promptArguments(triage, undefined)).toEqual({ ok: true, args: {} });
  });
});
