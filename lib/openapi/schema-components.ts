// Turns the routes' zod schemas into OpenAPI schema objects and collects the named ones under
// `components/schemas`, so a generated client gets one `Device` type instead of a copy per
// operation.
//
// A schema is named at its source with `.meta({ id: 'Device' })` (zod's global registry); zod
// extracts it into `$defs` and this module hoists it, rewriting the references. A named schema
// whose request (input) form differs from its response (output) form (defaults, transforms,
// stripped unknown keys) gets a second component, `<Name>Input`. Two different zod schemas with
// one name fail the build. Every UUID string becomes a reference to `Uuid`.
import { z } from 'zod';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const REF = '#/components/schemas/';
/** A reference to the request form of a named schema, resolved by finish() once every form is known. */
const INPUT_MARK = '\u0000input:';

const UUID_JSON = stripSchema(z.toJSONSchema(z.string().uuid()) as Json);

function stripSchema(json: Json): Json {
  delete json.$schema;
  return json;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{ type: 'string', format: 'uuid', pattern }` plus anything else: the extra keys, or undefined when not a UUID string. */
function uuidExtras(node: Json): Json | undefined {
  if (node.$ref !== undefined) return undefined;
  for (const [k, v] of Object.entries(UUID_JSON)) if (node[k] !== v) return undefined;
  const extras: Json = {};
  for (const [k, v] of Object.entries(node)) if (!(k in UUID_JSON)) extras[k] = v;
  return extras;
}

export class SchemaComponents {
  /** Name → the zod schema that claimed it. */
  private readonly owners = new Map<string, unknown>();
  /** Name → the canonical JSON text of each form (references still unresolved). */
  private readonly forms: Record<Io, Map<string, string>> = { input: new Map(), output: new Map() };
  private readonly fixed = new Map<string, Json>([['Uuid', { ...UUID_JSON, description: 'A UUID' }]]);
  private usedUuid = false;

  /** An OpenAPI schema object for a zod schema, named parts replaced by references. */
  schemaOf(schema: z.ZodType, io: Io): Json {
    const json = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      // Dates arrive and leave as ISO 8601 strings; transforms and refinements document their input.
      unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === 'date' ? { type: 'string', format: 'date-time' } : 'any'),
      override: ({ zodSchema }) => this.claim(zodSchema),
    }) as Json;
    stripSchema(json);
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    for (const [name, def] of Object.entries(defs)) {
      if (!this.owners.has(name)) throw new Error(`OpenAPI: an unnamed schema was extracted as "${name}" (a recursive schema?): name it with .meta({ id })`);
      const text = JSON.stringify(this.normalize(def, io));
      const prior = this.forms[io].get(name);
      if (prior !== undefined && prior !== text) throw new Error(`OpenAPI: the schema "${name}" converts to two different ${io} forms`);
      this.forms[io].set(name, text);
    }
    return this.normalize(json, io) as Json;
  }

  /** A schema object written by hand (a multipart body): UUIDs shared like the rest. */
  adopt(json: Json): Json {
    return this.normalize(json, 'output') as Json;
  }

  private claim(zodSchema: unknown): void {
    const name = z.globalRegistry.get(zodSchema as z.ZodType)?.id;
    if (!name) return;
    const owner = this.owners.get(name);
    if (owner && owner !== zodSchema) throw new Error(`OpenAPI: two different zod schemas are named "${name}"`);
    if (this.fixed.has(name)) throw new Error(`OpenAPI: the schema name "${name}" is reserved`);
    this.owners.set(name, zodSchema);
  }

  /** References into components, UUIDs shared, and shapes lint tools and generators read better. */
  private normalize(node: unknown, io: Io): unknown {
    if (Array.isArray(node)) return node.map((n) => this.normalize(n, io));
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) out[k] = this.normalize(v, io);
    if (typeof out.$ref === 'string' && out.$ref.startsWith('#/$defs/')) {
      const name = decodeURIComponent(out.$ref.slice('#/$defs/'.length));
      out.$ref = io === 'input' ? `${INPUT_MARK}${name}` : `${REF}${name}`;
    }
    const extras = uuidExtras(out);
    if (extras) {
      this.usedUuid = true;
      return { $ref: `${REF}Uuid`, ...extras };
    }
    enumKeyedRecord(out);
    return anyValueUnion(out);
  }

  /**
   * `doc` with its request-form references resolved and `components/schemas` filled in: a named
   * schema whose input form equals its output form is one component; otherwise the input form
   * is `<Name>Input`.
   */
  finish<D extends { components: Json }>(doc: D): D & { components: { schemas: Record<string, Json> } } {
    const differs = new Set<string>();
    for (const name of this.forms.input.keys()) if (!this.forms.output.has(name)) differs.add(name);
    const inputName = (name: string) => (differs.has(name) && this.forms.output.has(name) ? `${name}Input` : name);
    const resolve = (text: string) => text.replace(/"\\u0000input:([^"]+)"/g, (_m, name: string) => JSON.stringify(`${REF}${inputName(name)}`));
    // A form differs when its text differs once its own references are resolved; repeat until
    // no more differ (a schema that references a differing one differs too).
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, text] of this.forms.input) {
        if (differs.has(name)) continue;
        if (resolve(text) !== this.forms.output.get(name)) {
          differs.add(name);
          changed = true;
        }
      }
    }
    const schemas: Record<string, Json> = {};
    const add = (name: string, schema: Json) => {
      if (name in schemas) throw new Error(`OpenAPI: two components are named "${name}"`);
      schemas[name] = schema;
    };
    for (const [name, schema] of this.fixed) if (name !== 'Uuid' || this.usedUuid) add(name, schema);
    for (const [name, text] of this.forms.output) add(name, JSON.parse(text) as Json);
    for (const [name, text] of this.forms.input) {
      if (this.forms.output.has(name) && !differs.has(name)) continue;
      add(inputName(name), JSON.parse(resolve(text)) as Json);
    }
    const resolved = JSON.parse(resolve(JSON.stringify(doc))) as D;
    const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    return { ...resolved, components: { schemas: sorted, ...resolved.components } };
  }
}

/**
 * `z.record(z.enum([...]), V)` has every key: zod says so with `propertyNames` and `required`,
 * which leaves the required keys undefined as properties. Spell them out as properties.
 */
function enumKeyedRecord(node: Json): void {
  const names = node.propertyNames;
  if (node.type !== 'object' || node.properties || !isObject(names) || !Array.isArray(names.enum) || !isObject(node.additionalProperties)) return;
  const value = node.additionalProperties;
  node.properties = Object.fromEntries((names.enum as string[]).map((k) => [k, value]));
  node.additionalProperties = false;
  delete node.propertyNames;
}

/** `anyOf: [{}, { type: 'null' }]` (an unknown value, nullable) is just any value. */
function anyValueUnion(node: Json): Json {
  const options = node.anyOf;
  if (!Array.isArray(options) || !options.some((o) => isObject(o) && Object.keys(o).length === 0)) return node;
  const { anyOf: _anyOf, ...rest } = node;
  return rest;
}
