import { describe, expect, it } from 'vitest';
import { parseCustomFieldLines, redactSecrets, renderVariables, resolveParameters, severityFor } from './prepare-run';

describe('renderVariables', () => {
  it('substitutes {{var.key}} and reports missing keys', () => {
    expect(renderVariables('a={{var.a}} b={{ var.b.c }} c={{var.zz}}', { a: '1', 'b.c': '2' })).toEqual({ content: 'a=1 b=2 c={{var.zz}}', missing: ['zz'] });
    expect(renderVariables('no vars $HOME {{other}}', {}).missing).toEqual([]);
  });
});

describe('resolveParameters', () => {
  const defs = [
    { name: 'Unit', type: 'string' as const, required: true },
    { name: 'Owner', type: 'string' as const, required: false, customField: 'owner' },
    { name: 'Days', type: 'number' as const, required: false, default: 7 },
  ];
  it('given value, then custom field, then default', () => {
    expect(resolveParameters(defs, { Unit: 'nginx' }, { owner: 'ops' })).toEqual({
      ok: true,
      values: { Unit: 'nginx', Owner: 'ops', Days: 7 },
      env: { SERVICE_PARAM_Unit: 'nginx', SERVICE_PARAM_Owner: 'ops', SERVICE_PARAM_Days: '7' },
    });
    expect(resolveParameters(defs, { Unit: 'x', Owner: 'me' }, { owner: 'ops' })).toMatchObject({ values: { Owner: 'me' } });
  });
  it('reports missing required parameters (a required one can come from a custom field)', () => {
    expect(resolveParameters(defs, {}, {})).toEqual({ ok: false, missing: ['Unit'] });
    const fromField = [{ name: 'Unit', type: 'string' as const, required: true, customField: 'unit' }];
    expect(resolveParameters(fromField, {}, { unit: 'sshd' })).toMatchObject({ ok: true, values: { Unit: 'sshd' } });
    expect(resolveParameters(fromField, {}, {})).toEqual({ ok: false, missing: ['Unit'] });
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence, longest first, and leaves very short secrets alone', () => {
    expect(redactSecrets('token=s3cr3t-value and s3cr3t-value again', ['s3cr3t-value'])).toBe('token=[REDACTED] and [REDACTED] again');
    expect(redactSecrets('abc', ['ab'])).toBe('abc');
    expect(redactSecrets(null, ['xxxx'])).toBeNull();
  });
});

describe('parseCustomFieldLines', () => {
  it('parses objects and reports malformed lines without throwing', () => {
    const out = parseCustomFieldLines('hello\n::service:custom-fields:: {"a": 1}\r\n  ::service:custom-fields:: {oops\n::service:custom-fields:: [1]\n');
    expect(out).toEqual([
      { line: 2, values: { a: 1 } },
      { line: 3, error: 'malformed JSON' },
      { line: 4, error: 'not a JSON object' },
    ]);
  });
});

describe('severityFor', () => {
  it('maps exit codes through the mapping', () => {
    expect(severityFor({ '1': 'high', '2': null }, 1)).toBe('high');
    expect(severityFor({ '1': 'high', '2': null }, 2)).toBeNull();
    expect(severityFor(null, 1)).toBeNull();
    expect(severityFor({ '0': 'info' }, 0)).toBe('info');
  });
});
