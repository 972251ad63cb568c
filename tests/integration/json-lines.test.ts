// A child's output made JSON lines (scripts/lib/json-lines.ts), as `npm start` and dist/start.js
// pass on what the web server and the worker print: JSON lines unchanged, plain ones (Next's)
// wrapped into records, whatever the chunking. The whole start's output: start-signals.test.ts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pipeAsJsonLines } from '../../scripts/lib/json-lines';

describe('JSON lines from a child', () => {
  it('passes JSON lines through and wraps plain ones, across chunk boundaries', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    pipeAsJsonLines(input, output, { service: 'web', source: 'next' });
    const ended = new Promise((resolve) => input.on('end', resolve));
    input.write('{"level":30,"msg":"a"}\n\u001b[32m✓\u001b[39m Running next.c');
    input.write('onfig.mjs took 3ms\r\n\n   \n{"level":30,');
    input.end('"msg":"b"}\nlast line without a newline');
    await ended;
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => [r.service ?? null, r.source ?? null, r.level, r.msg])).toEqual([
      [null, null, 30, 'a'],
      ['web', 'next', 30, '✓ Running next.config.mjs took 3ms'],
      [null, null, 30, 'b'],
      ['web', 'next', 30, 'last line without a newline'],
    ]);
    for (const r of records.filter((r) => r.source)) expect(typeof r.time).toBe('number');
  });
});
