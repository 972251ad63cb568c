// Contract of the Windows registry system tools. Only a Windows agent can answer them; Linux and
// macOS agents answer 422 UNSUPPORTED_ON_PLATFORM. A value is (hive, key, value name, type, data).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const REGISTRY_HIVES = ['HKEY_LOCAL_MACHINE', 'HKEY_CURRENT_USER', 'HKEY_CLASSES_ROOT', 'HKEY_USERS', 'HKEY_CURRENT_CONFIG'] as const;
export const REGISTRY_TYPES = ['REG_SZ', 'REG_EXPAND_SZ', 'REG_MULTI_SZ', 'REG_DWORD', 'REG_QWORD', 'REG_BINARY'] as const;

const hive = z.enum(REGISTRY_HIVES).describe('Registry hive');
const key = z
  .string()
  .max(2048)
  .regex(/^[^\0]*$/)
  .refine((v) => !v.startsWith('\\') && !v.endsWith('\\'), 'A key path has no leading or trailing backslash')
  .describe('Key path below the hive, backslash-separated (`SOFTWARE\\Vendor\\App`); empty for the hive root');
const valueName = z.string().max(16_383).regex(/^[^\0]*$/).describe('Value name; empty for the key’s default value');

export const ZRegistryKeyQuery = z.object({ hive, key: key.default('') }).strict();
export const ZRegistryValueQuery = z.object({ hive, key, name: valueName }).strict();
export const ZRegistryKeyDeleteQuery = z
  .object({ hive, key: key.min(1), recursive: z.enum(['true', 'false']).transform((v) => v === 'true').default(false).describe('Delete subkeys too; without it a key with subkeys answers 409') })
  .strict();

/** `data` by `type`: text, list of texts, 32- or 64-bit unsigned integer (QWORD as a decimal string), or base64 bytes. */
export const ZRegistryData = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('REG_SZ'), data: z.string().max(1_000_000) }),
    z.object({ type: z.literal('REG_EXPAND_SZ'), data: z.string().max(1_000_000) }),
    z.object({ type: z.literal('REG_MULTI_SZ'), data: z.array(z.string().max(100_000)).max(10_000) }),
    z.object({ type: z.literal('REG_DWORD'), data: z.number().int().min(0).max(0xffffffff) }),
    z.object({ type: z.literal('REG_QWORD'), data: z.string().regex(/^\d{1,20}$/).describe('Unsigned 64-bit integer as a decimal string') }),
    z.object({ type: z.literal('REG_BINARY'), data: z.base64().max(1_400_000).describe('Bytes, base64') }),
  ])
  .meta({ id: 'RegistryData' });

export const ZRegistryValue = z
  .object({ hive: z.enum(REGISTRY_HIVES), key: z.string(), name: z.string() })
  .and(ZRegistryData)
  .meta({ id: 'RegistryValue' });
export const ZRegistryValueInput = z
  .object({ hive, key: key.min(1), name: valueName })
  .and(ZRegistryData)
  .meta({ id: 'RegistryValueInput' });
export const ZRegistryKeyInput = z.object({ hive, key: key.min(1) }).strict().meta({ id: 'RegistryKeyInput' });

export const ZRegistrySubkey = z
  .object({ name: z.string(), subkeyCount: z.number().int(), valueCount: z.number().int(), lastWriteTime: ZTimestamp.nullable() })
  .meta({ id: 'RegistrySubkey' });
export const ZRegistryKeyList = z
  .object({ hive: z.enum(REGISTRY_HIVES), key: z.string(), data: z.array(ZRegistrySubkey) })
  .meta({ id: 'RegistryKeyList' });
export const ZRegistryValueList = z
  .object({ hive: z.enum(REGISTRY_HIVES), key: z.string(), data: z.array(ZRegistryValue) })
  .meta({ id: 'RegistryValueList' });
export const ZRegistryKey = z.object({ hive: z.enum(REGISTRY_HIVES), key: z.string(), created: z.boolean() }).meta({ id: 'RegistryKey' });
