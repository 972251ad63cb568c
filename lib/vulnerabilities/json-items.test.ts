import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, jsonItems, type JsonEnd } from './json-items';

async function* chunked(text: string, size: number) {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(text: string, keys: string[], size = 7) {
  const items: { from: string | null; value: unknown }[] = [];
  let end: JsonEnd | null = null;
  for await (const e of jsonItems(chunked(text, size), keys)) {
    if (e.kind === 'item') items.push({ from: e.from, value: e.value });
    else end = e;
  }
  return { items, end: end! };
}

const records = [{ id: 'A-1', affected: [{ package: { name: 'x"y\\z' } }] }, 'text, with ] and }', 42, null, true, [1, [2]], { é: 'ü ✓ 😀' }];

describe('jsonItems', () => {
  it('yields each element of a top-level array whatever the chunk boundaries (multi-byte characters split too)', async () => {
    const text = ` \n${JSON.stringify(records, null, 1)}\n`;
    for (const size of [1, 2, 3, 5, 64, 100_000]) {
      const { items, end } = await collect(text, ['vulns'], size);
      expect(items.map((i) => i.value)).toEqual(records);
      expect(items.every((i) => i.from === null)).toBe(true);
      expect(end).toEqual({ kind: 'end', rest: [], streamed: null });
    }
  });

  it('streams the array under a named key of the top-level object and returns the other members', async () => {
    const doc = { title: 'KEV', count: 2, nested: { vulnerabilities: [9] }, vulnerabilities: [{ cveID: 'CVE-1' }, { cveID: 'CVE-2' }], after: 'x' };
    for (const size of [1, 4, 1000]) {
      const { items, end } = await collect(JSON.stringify(doc), ['vulnerabilities'], size);
      expect(items).toEqual([{ from: 'vulnerabilities', value: { cveID: 'CVE-1' } }, { from: 'vulnerabilities', value: { cveID: 'CVE-2' } }]);
      expect(end.streamed).toBe('vulnerabilities');
      expect(end.rest).toEqual({ ...doc, vulnerabilities: [] });
    }
  });

  it('returns an object without the key, or a scalar, whole', async () => {
    const one = { id: 'DSA-1', vulns: 'not an array', affected: [] };
    expect(await collect(JSON.stringify(one), ['vulns'])).toEqual({ items: [], end: { kind: 'end', rest: one, streamed: undefined } });
    expect((await collect(' 12345 ', ['vulns'])).end.rest).toBe(12345);
    expect((await collect('[]', ['vulns'])).items).toEqual([]);
  });

  it('refuses what JSON.parse refuses', async () => {
    for (const bad of ['', '[', '[1,]', '[1 2]', '[,1]', '[{"a":1}}', '{"vulns":[1]', '{"vulns":[1],}', '[1] x', '{"a" 1}', '[{"a":tru}]', '"abc', '{"vulns":[1]} {}']) {
      expect(() => JSON.parse(bad), bad).toThrow();
      await expect(collect(bad, ['vulns']), bad).rejects.toBeInstanceOf(JsonSyntaxError);
    }
  });
});
