import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/http/errors';
import { configSchemaProblems, parsePluginConfig } from '@/lib/plugins/config-schema';

const schema = {
  type: 'object',
  properties: {
    channel: { type: 'string', minLength: 1, default: '#alerts' },
    level: { type: 'string', enum: ['low', 'high'] },
    every: { type: 'integer', minimum: 30, maximum: 3600, default: 60 },
    resolved: { type: 'boolean', default: true },
  },
  required: ['channel'],
};

function refusal(config: Record<string, unknown>) {
  try {
    parsePluginConfig(schema, config);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('accepted');
}

describe('plugin configuration schemas', () => {
  it('accepts flat schemas of the supported types', () => {
    expect(configSchemaProblems(schema)).toEqual([]);
  });

  it('names each unsupported part', () => {
    const problems = configSchemaProblems({ type: 'array', properties: { list: { type: 'array' }, x: { type: 'string', $ref: '#/y' }, n: { type: 'number', enum: ['a'] } }, required: ['missing'], allOf: [] });
    expect(problems.map((p) => p.path)).toEqual([
      'body.configSchema.type',
      'body.configSchema.properties.list.type',
      'body.configSchema.properties.x.$ref',
      'body.configSchema.properties.n.enum',
      'body.configSchema.required',
      'body.configSchema.allOf',
    ]);
  });

  it('fills defaults and refuses what the schema does not allow, naming the setting', () => {
    expect(parsePluginConfig(schema, { channel: '#ops' })).toEqual({ channel: '#ops', every: 60, resolved: true });
    expect(refusal({ channel: '#ops', level: 'medium' }).details).toEqual([expect.objectContaining({ path: 'body.config.level' })]);
    expect(refusal({ channel: '#ops', every: 5 }).details).toEqual([expect.objectContaining({ path: 'body.config.every' })]);
    expect(refusal({ channel: '#ops', every: 60.5 }).code).toBe('INVALID_PLUGIN_CONFIG');
    expect(refusal({ channel: '#ops', colour: 'red' }).details).toEqual([{ path: 'body.config', message: 'Unknown setting colour' }]);
  });
});
