// The one device filter grammar: dynamic device groups and saved filters both store a rule tree
// of this shape, and compile-filter.ts turns it into one SQL predicate over `devices d`.
// A tree is a group `{ match: all|any, conditions: [...] }` whose conditions are conditions on
// device fields or nested groups (AND/OR), up to MAX_FILTER_DEPTH levels and MAX_FILTER_CONDITIONS
// conditions in all.
import { z } from 'zod';
import { zText } from '@/lib/http/storable-text';
import { OS_TYPES } from '@/lib/agents/schemas';
import { DEVICE_STATUSES } from '@/lib/devices/schemas';

export const MAX_FILTER_DEPTH = 4;
export const MAX_FILTER_CONDITIONS = 100;

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(100)]);
const pattern = zText(255, 1);
const enumOps = z.enum(['eq', 'neq', 'in']).describe('neq also matches devices without a value; in takes a list');

/** One condition on a device field. */
export const ZFilterCondition = z
  .discriminatedUnion('field', [
    z.object({ field: z.literal('osType'), op: enumOps, value: oneOrMany(z.enum(OS_TYPES)) }).strict(),
    z.object({ field: z.literal('status'), op: enumOps, value: oneOrMany(z.enum(DEVICE_STATUSES)) }).strict(),
    z.object({ field: z.literal('orgId'), op: enumOps, value: oneOrMany(z.string().uuid()) }).strict(),
    z.object({ field: z.literal('siteId'), op: enumOps, value: oneOrMany(z.string().uuid()) }).strict(),
    z
      .object({ field: z.literal('groupId'), op: z.enum(['in', 'not_in']), value: oneOrMany(z.string().uuid()) })
      .strict()
      .describe('Member (or not) of any of the device groups'),
    z.object({ field: z.literal('tags'), op: z.enum(['has', 'lacks']), value: zText(100, 1) }).strict(),
    z
      .object({
        field: z.literal('hostname'),
        op: z.enum(['eq', 'contains', 'starts_with', 'ends_with', 'matches']),
        value: pattern.describe('Case-insensitive. For matches: a glob, * any run of characters, ? one character (e.g. "web-*")'),
      })
      .strict(),
    z.object({ field: z.literal('osVersion'), op: z.enum(['eq', 'contains', 'starts_with']), value: pattern }).strict(),
    z.object({ field: z.literal('agentVersion'), op: z.enum(['eq', 'neq', 'starts_with']), value: pattern }).strict(),
    z
      .object({
        field: z.literal('lastSeen'),
        op: z.enum(['within_minutes', 'older_than_minutes']),
        value: z.number().int().min(1).max(525_600).describe('older_than_minutes also matches devices never seen'),
      })
      .strict(),
    z
      .object({
        field: z.literal('customField'),
        key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'A custom field key: lowercase letters, digits and _').describe('The custom field’s key'),
        op: z.enum(['eq', 'neq', 'contains', 'gt', 'lt', 'is_set', 'is_not_set']),
        value: z.union([zText(255), z.number(), z.boolean()]).optional().describe('Needed by every operator but is_set and is_not_set; gt and lt need a number'),
      })
      .strict()
      .superRefine((c, ctx) => {
        const needsValue = c.op !== 'is_set' && c.op !== 'is_not_set';
        if (needsValue && (c.value === undefined || c.value === '')) ctx.addIssue({ code: 'custom', path: ['value'], message: `Operator ${c.op} needs a value` });
        if (!needsValue && c.value !== undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: `Operator ${c.op} takes no value` });
        if ((c.op === 'gt' || c.op === 'lt') && c.value !== undefined && typeof c.value !== 'number') ctx.addIssue({ code: 'custom', path: ['value'], message: `Operator ${c.op} compares numbers` });
      }),
    z
      .object({ field: z.literal('software'), op: z.enum(['installed', 'not_installed']), value: pattern.describe('Installed software whose name contains this (case-insensitive)') })
      .strict(),
  ])
  .meta({ id: 'DeviceFilterCondition' });
export type FilterCondition = z.output<typeof ZFilterCondition>;
export type FilterField = FilterCondition['field'];

export interface FilterGroup {
  match: 'all' | 'any';
  conditions: (FilterCondition | FilterGroup)[];
}

/** A group node: all (AND) or any (OR) of its conditions and nested groups. */
export const ZFilterGroup: z.ZodType<FilterGroup, { match?: 'all' | 'any'; conditions: unknown[] }> = z
  .object({
    match: z.enum(['all', 'any']).default('all'),
    get conditions() {
      return z.array(z.union([ZFilterCondition, ZFilterGroup])).min(1).max(50);
    },
  })
  .strict()
  .meta({ id: 'DeviceFilterGroup' });

export const isFilterGroup = (node: FilterCondition | FilterGroup): node is FilterGroup => 'conditions' in node;

/** Every condition of a tree with its path from the root (`conditions.1.conditions.0`). */
export function* walkConditions(tree: FilterGroup, path: (string | number)[] = []): Generator<{ condition: FilterCondition; path: (string | number)[] }> {
  for (const [i, node] of tree.conditions.entries()) {
    if (isFilterGroup(node)) yield* walkConditions(node, [...path, 'conditions', i]);
    else yield { condition: node, path: [...path, 'conditions', i] };
  }
}

function depthOf(tree: FilterGroup): number {
  return 1 + Math.max(0, ...tree.conditions.map((n) => (isFilterGroup(n) ? depthOf(n) : 0)));
}

/** A whole rule tree, with its depth and size bounded. */
export const ZFilterRules = ZFilterGroup.superRefine((tree, ctx) => {
  if (depthOf(tree) > MAX_FILTER_DEPTH) ctx.addIssue({ code: 'custom', path: [], message: `Groups nest at most ${MAX_FILTER_DEPTH} levels deep` });
  let count = 0;
  for (const { path } of walkConditions(tree)) {
    if (++count === MAX_FILTER_CONDITIONS + 1) ctx.addIssue({ code: 'custom', path, message: `At most ${MAX_FILTER_CONDITIONS} conditions in all` });
  }
}).meta({ id: 'DeviceFilterRules' });
export type FilterRules = FilterGroup;
