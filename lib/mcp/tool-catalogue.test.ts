import { describe, expect, it } from 'vitest';
import { MCP_TOOL_CATALOGUE } from '@/lib/mcp/tool-catalogue';

describe('MCP tool catalogue', () => {
  it('has unique snake_case names and says for every write whether it is destructive', () => {
    const names = MCP_TOOL_CATALOGUE.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of MCP_TOOL_CATALOGUE) {
      expect(t.name).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
      if (t.method !== 'GET') expect(typeof t.destructive, t.name).toBe('boolean');
    }
  });
});
