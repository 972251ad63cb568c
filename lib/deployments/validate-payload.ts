// The payload of a deployment, checked against what the caller can see: a catalog version (with
// its installer uploaded for installer packages), a script, patches. A failure is a 400 naming
// the field, never a 404 (the deployment itself was found).
import type { ScopedContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import type { DeploymentKind, OsType, Script, SoftwarePackage, SoftwarePackageVersion } from '@/lib/generated/prisma/client';
import { AppError, badRequest } from '@/lib/http/errors';
import { catalogReadWhere } from '@/lib/software/catalog-scope';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { patchWhere } from '@/lib/patches/patch-scope';
import { osOfManager, type PackageManager } from '@/lib/software/package-managers';
import { INSTALLABLE_SOURCES } from '@/lib/patches/patch-managers';
import { ZPatchesDeploymentPayload, ZScriptDeploymentPayload, ZSoftwareDeploymentPayload, type DeploymentPayload } from '@/lib/deployments/schemas';
import type { TScriptParameter } from '@/lib/scripts/schemas';

export type ResolvedPayload =
  | { kind: 'software'; pkg: SoftwarePackage; version: SoftwarePackageVersion }
  | { kind: 'patches'; patchIds: string[] }
  | { kind: 'script'; script: Pick<Script, 'id' | 'orgId' | 'osTypes' | 'name'>; parameters: Record<string, string> };

const invalid = (field: string, message: string, code: string) => badRequest(message, [{ path: `body.payload.${field}`, message }], code);

/** The payload parsed for `kind` (a payload of another kind is a 400). */
export function parsePayload(kind: DeploymentKind, payload: unknown): DeploymentPayload {
  const schema = kind === 'software' ? ZSoftwareDeploymentPayload : kind === 'patches' ? ZPatchesDeploymentPayload : ZScriptDeploymentPayload;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw badRequest(`The payload does not fit a ${kind} deployment`, parsed.error.issues.map((i) => ({ path: ['body', 'payload', ...i.path].join('.'), message: i.message })), 'PAYLOAD_KIND_MISMATCH');
  return parsed.data;
}

export async function validatePayload(client: DbOrTx, ctx: ScopedContext, kind: DeploymentKind, raw: unknown): Promise<ResolvedPayload> {
  const payload = parsePayload(kind, raw);
  if (kind === 'software') {
    const p = payload as { packageId: string; versionId: string };
    const pkg = await client.softwarePackage.findFirst({ where: { AND: [{ id: p.packageId }, catalogReadWhere(ctx)] } });
    if (!pkg) throw invalid('packageId', `Unknown software package ${p.packageId}`, 'PAYLOAD_NOT_FOUND');
    const version = await client.softwarePackageVersion.findFirst({ where: { id: p.versionId, packageId: pkg.id } });
    if (!version) throw invalid('versionId', `Unknown version ${p.versionId} of ${pkg.name}`, 'PAYLOAD_NOT_FOUND');
    if (pkg.kind === 'installer' && !version.installerUploadedAt) throw invalid('versionId', `Version ${version.version} of ${pkg.name} has no installer uploaded`, 'INSTALLER_MISSING');
    if (pkg.kind === 'package_manager' && !managerOf(pkg.packageRef)) throw invalid('packageId', `${pkg.name} has no usable package reference`, 'PAYLOAD_NOT_FOUND');
    return { kind, pkg, version };
  }
  if (kind === 'patches') {
    const p = payload as { patchIds: string[] };
    const found = await client.patch.findMany({ where: { AND: [{ id: { in: p.patchIds } }, patchWhere(ctx)] }, select: { id: true, name: true, source: true } });
    const have = new Set(found.map((f) => f.id));
    const missing = p.patchIds.find((id) => !have.has(id));
    if (missing) throw invalid('patchIds', `Unknown patch ${missing}`, 'PAYLOAD_NOT_FOUND');
    const foreign = found.find((f) => !INSTALLABLE_SOURCES.includes(f.source));
    if (foreign) throw invalid('patchIds', `${foreign.name} is a ${foreign.source} patch, which agents cannot install yet (only ${INSTALLABLE_SOURCES.join(', ')})`, 'PATCH_NOT_INSTALLABLE');
    return { kind, patchIds: p.patchIds };
  }
  const p = payload as { scriptId: string; parameters: Record<string, string> };
  const script = await getScriptOrThrow(ctx, p.scriptId, client).catch((e: unknown) => {
    if (e instanceof AppError && e.status === 404) throw invalid('scriptId', `Unknown script ${p.scriptId}`, 'PAYLOAD_NOT_FOUND');
    throw e;
  });
  const known = new Set((script.parameters as TScriptParameter[]).map((d) => d.name));
  const unknown = Object.keys(p.parameters).find((k) => !known.has(k));
  if (unknown) throw invalid(`parameters.${unknown}`, `Not a parameter of ${script.name}`, 'UNKNOWN_PARAMETER');
  return { kind, script, parameters: p.parameters };
}


/** `apt:nginx` → { manager: 'apt', name: 'nginx' }; null for an unknown manager. */
export function managerOf(ref: string | null): { manager: PackageManager; name: string } | null {
  const i = ref?.indexOf(':') ?? -1;
  if (!ref || i <= 0) return null;
  const manager = ref.slice(0, i);
  const name = ref.slice(i + 1);
  return osOfManager(manager) && name ? { manager: manager as PackageManager, name } : null;
}

/** Why the payload cannot apply to a device of this OS and organization, or null when it can. */
export function skipReason(resolved: ResolvedPayload, device: { osType: OsType | null; orgId: string }): string | null {
  if (resolved.kind === 'software') {
    const { pkg } = resolved;
    if (device.osType && pkg.osTypes.length && !pkg.osTypes.includes(device.osType)) return `${pkg.name} is for ${pkg.osTypes.join(', ')}, not ${device.osType}`;
    const ref = managerOf(pkg.packageRef);
    if (pkg.kind === 'package_manager' && ref && device.osType && osOfManager(ref.manager) !== device.osType) return `${ref.manager} packages cannot be installed on ${device.osType}`;
    return null;
  }
  if (resolved.kind === 'patches') return device.osType === 'linux' ? null : 'Patch installs need a Linux agent';
  const { script } = resolved;
  if (script.orgId && script.orgId !== device.orgId) return 'The script belongs to another organization’s library';
  if (device.osType && !script.osTypes.includes(device.osType)) return `${script.name} does not run on ${device.osType}`;
  return null;
}
