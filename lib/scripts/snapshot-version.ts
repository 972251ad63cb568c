import type { Tx } from '@/lib/db';
import type { Prisma, Script } from '@/lib/generated/prisma/client';

/** Stores the script's current body as its version row (every save keeps every earlier body). */
export async function snapshotVersion(tx: Tx, s: Script, opts: { userId: string | null; note: string | null }) {
  return tx.scriptVersion.create({
    data: {
      scriptId: s.id,
      version: s.version,
      name: s.name,
      description: s.description,
      osTypes: s.osTypes,
      language: s.language,
      content: s.content,
      runAs: s.runAs,
      timeoutSeconds: s.timeoutSeconds,
      parameters: s.parameters as Prisma.InputJsonValue,
      exitCodeSeverityMapping: (s.exitCodeSeverityMapping ?? undefined) as Prisma.InputJsonValue | undefined,
      note: opts.note,
      createdById: opts.userId,
    },
  });
}
