import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from '@/lib/openapi/schema-components';

describe('SchemaComponents', () => {
  it('hoists named schemas into components and refers to them', () => {
    const Widget = z.object({ id: z.string().uuid(), name: z.string() }).meta({ id: 'TestWidget' });
    const components = new SchemaComponents();
    const list = components.schemaOf(z.object({ data: z.array(Widget) }), 'output');
    const one = components.schemaOf(Widget, 'output');
    const doc = components.finish({ components: {}, list, one });
    expect(doc.one).toEqual({ $ref: '#/components/schemas/TestWidget' });
    expect(doc.list).toMatchObject({ properties: { data: { items: { $ref: '#/components/schemas/TestWidget' } } } });
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.TestWidget).toMatchObject({ properties: { id: { $ref: '#/components/schemas/Uuid' } } });
    expect(schemas.Uuid).toMatchObject({ type: 'string', format: 'uuid' });
  });

  it('names the request form apart when it differs from the response form', () => {
    const Options = z.object({ retries: z.number().int().default(3) }).meta({ id: 'TestOptions' });
    const components = new SchemaComponents();
    const body = components.schemaOf(z.object({ options: Options }), 'input');
    const answer = components.schemaOf(Options, 'output');
    const doc = components.finish({ components: {}, body, answer });
    expect(doc.answer).toEqual({ $ref: '#/components/schemas/TestOptions' });
    expect(doc.body).toMatchObject({ properties: { options: { $ref: '#/components/schemas/TestOptionsInput' } } });
    const schemas = doc.components.schemas as Record<string, { required?: string[] }>;
    expect(schemas.TestOptions.required).toEqual(['retries']);
    expect(schemas.TestOptionsInput.required).toBeUndefined();
  });

  it('fails on two different schemas with one name', () => {
    const a = z.object({ a: z.string() }).meta({ id: 'TestClash' });
    const b = z.object({ b: z.string() }).meta({ id: 'TestClash' });
    const components = new SchemaComponents();
    components.schemaOf(a, 'output');
    expect(() => components.schemaOf(b, 'output')).toThrow(/TestClash/);
    expect(() => new SchemaComponents().schemaOf(z.object({ a, b }), 'output')).toThrow(/TestClash/);
  });

  it('refuses a name taken by a component of its own', () => {
    expect(() => new SchemaComponents().schemaOf(z.string().meta({ id: 'Uuid' }), 'output')).toThrow(/Uuid/);
  });
});
