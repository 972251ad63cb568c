// Script bundles (doc 3 "Script bundle", "Script bundles"): { bundleVersion: 1, scripts: [...] }.
import { z } from 'zod';
import { ZScriptFields, SCRIPT_AVAILABILITY } from '@/lib/scripts/schemas';

export const BUNDLE_MAX_SCRIPTS = 200;
export const BUNDLE_MAX_REQUEST_BYTES = 20 * 1024 * 1024;
export const BUNDLE_MODES = ['skip', 'rename', 'new-version'] as const;

/** One entry: the POST /scripts vocabulary. Unknown keys (system and tenancy flags) are dropped. */
export const ZBundleEntry = ZScriptFields;
export const BUNDLE_ENTRY_FIELDS = Object.keys(ZScriptFields.shape);

export const ZBundleDocument = z.object({
  bundleVersion: z.literal(1),
  scripts: z.array(z.unknown()).describe(`Up to ${BUNDLE_MAX_SCRIPTS} entries, each validated on its own`),
});

const placement = {
  availability: z.enum(SCRIPT_AVAILABILITY).default('org').describe('org (default) or partner (needs access to every organization of the partner, else 403)'),
  orgId: z.string().uuid().optional().describe('Target organization for availability org; optional for a partner with one organization'),
  partnerId: z.string().uuid().optional().describe('System scope only, for availability partner'),
};

export const ZBundlePreviewBody = z.object({ bundle: ZBundleDocument, ...placement });
export const ZBundleImportBody = z.object({
  bundle: ZBundleDocument,
  ...placement,
  mode: z.enum(BUNDLE_MODES).default('skip').describe('On a name conflict: skip, rename (appends " (2)", " (3)" …) or new-version (the existing script gets the entry as its next version)'),
});

export const ZBundleExport = z.object({
  bundleVersion: z.literal(1),
  scripts: z.array(
    z.object({
      name: z.string(),
      osTypes: z.array(z.string()),
      language: z.string(),
      content: z.string(),
      runAs: z.string(),
      timeoutSeconds: z.number().int(),
      description: z.string().nullable(),
      category: z.string().nullable(),
      tags: z.array(z.string()),
      parameters: z.array(z.record(z.string(), z.unknown())),
      exitCodeSeverityMapping: z.record(z.string(), z.string().nullable()).nullable(),
    }),
  ),
});

export const ZBundlePreview = z.object({
  entries: z.array(z.object({ index: z.number().int(), status: z.enum(['new', 'name-conflict', 'invalid']), name: z.string().nullable(), error: z.string().optional() })),
});

const ZDone = z.object({ index: z.number().int(), id: z.string().uuid(), name: z.string() });
export const ZBundleImportResult = z.object({
  imported: z.array(ZDone),
  skipped: z.array(z.object({ index: z.number().int(), name: z.string(), existingId: z.string().uuid() })),
  renamed: z.array(ZDone.extend({ originalName: z.string() })),
  versioned: z.array(ZDone.extend({ version: z.number().int() })),
  errors: z.array(z.object({ index: z.number().int(), name: z.string().nullable(), error: z.string() })),
  bundleSha256: z.string().describe('SHA-256 of the bundle (canonical JSON, as exported), recorded in the audit entry of every imported script'),
});
