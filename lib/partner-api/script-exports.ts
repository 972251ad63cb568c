// Partner-API exports of scripts, custom-field definitions and device custom-field values
// (doc 3 "Partner API"), paged by primary key like every export (export-sources.ts). Partner-
// library scripts and partner-wide fields belong to every principal of the partner.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ExportScope, ExportSource } from '@/lib/partner-api/export-sources';
import { SCRIPT_INCLUDE, toScriptDto } from '@/lib/scripts/to-script-dto';
import { ZScript } from '@/lib/scripts/schemas';
import { toCustomFieldDto } from '@/lib/custom-fields/to-custom-field-dto';
import { ZCustomField } from '@/lib/custom-fields/schemas';

/** Rows of the partner library (orgId null) or of the organizations in scope. */
function libraryWhere(scope: ExportScope) {
  const orgs = scope.orgIds ? { in: scope.orgIds } : { notIn: scope.deletedOrgIds };
  return { partnerId: scope.partnerId, OR: [{ orgId: null }, { orgId: orgs }] };
}

export const ZScriptExportRow = ZScript.omit({ createdById: true, updatedById: true });
export const ZCustomFieldExportRow = ZCustomField;
export const ZCustomFieldValueExportRow = z.object({
  fieldId: z.string().uuid(),
  key: z.string(),
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  value: z.unknown(),
  source: z.string().describe('user, api or script'),
  updatedAt: z.string(),
});

export const scriptsExport: ExportSource<z.infer<typeof ZScriptExportRow>> = {
  name: 'scripts',
  async fetch(scope, after, take) {
    const rows = await db.script.findMany({ where: { ...libraryWhere(scope), ...(after ? { id: { gt: after } } : {}) }, include: SCRIPT_INCLUDE, orderBy: { id: 'asc' }, take });
    return rows.map((r) => {
      const { createdById: _c, updatedById: _u, ...row } = toScriptDto(r);
      return row;
    });
  },
  keyOf: (row) => row.id,
};

export const customFieldsExport: ExportSource<z.infer<typeof ZCustomFieldExportRow>> = {
  name: 'custom-fields',
  async fetch(scope, after, take) {
    const rows = await db.customFieldDefinition.findMany({ where: { ...libraryWhere(scope), ...(after ? { id: { gt: after } } : {}) }, orderBy: { id: 'asc' }, take });
    return rows.map(toCustomFieldDto);
  },
  keyOf: (row) => row.id,
};

export const customFieldValuesExport: ExportSource<z.infer<typeof ZCustomFieldValueExportRow>> = {
  name: 'custom-field-values',
  async fetch(scope, after, take) {
    const [fieldId, deviceId] = after ? after.split(':') : [];
    const keyset: Prisma.CustomFieldValueWhereInput = after ? { OR: [{ fieldId: { gt: fieldId } }, { fieldId, deviceId: { gt: deviceId } }] } : {};
    const orgs = scope.orgIds ? { in: scope.orgIds } : { notIn: scope.deletedOrgIds };
    const rows = await db.customFieldValue.findMany({
      where: { AND: [{ partnerId: scope.partnerId, orgId: orgs }, keyset] },
      include: { field: { select: { key: true } } },
      orderBy: [{ fieldId: 'asc' }, { deviceId: 'asc' }],
      take,
    });
    return rows.map((v) => ({ fieldId: v.fieldId, key: v.field.key, deviceId: v.deviceId, orgId: v.orgId, value: v.value, source: v.source, updatedAt: v.updatedAt.toISOString() }));
  },
  keyOf: (row) => `${row.fieldId}:${row.deviceId}`,
};
