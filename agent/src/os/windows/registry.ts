// The Windows registry through .NET's Microsoft.Win32.RegistryKey (64-bit view; the 32-bit view
// is `SOFTWARE\WOW6432Node\…` in it): subkeys with their counts, values with their types, read,
// write, delete, create and delete keys. Values are read without expanding %VARIABLES%.
// .NET hands REG_DWORD back as a signed Int32 and REG_QWORD as a signed Int64: the script passes
// them on as they are (the QWORD as text, JSON numbers cannot hold 64 bits) and they are read
// back as unsigned here. Binary data travels as base64. .NET does not expose a key's last write
// time, so it is null.
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { RegistrySubkey, RegistryTools, RegistryType, RegistryValue } from '../types';
import { asArray, psNumber, psText, runPowerShell, type PsObject } from './powershell';

export const HIVES: Record<string, string> = {
  HKEY_LOCAL_MACHINE: 'LocalMachine',
  HKEY_CURRENT_USER: 'CurrentUser',
  HKEY_CLASSES_ROOT: 'ClassesRoot',
  HKEY_USERS: 'Users',
  HKEY_CURRENT_CONFIG: 'CurrentConfig',
};
const TYPES: RegistryType[] = ['REG_SZ', 'REG_EXPAND_SZ', 'REG_MULTI_SZ', 'REG_DWORD', 'REG_QWORD', 'REG_BINARY'];

export const REGISTRY_SCRIPT = `
$hives = @{ HKEY_LOCAL_MACHINE = 'LocalMachine'; HKEY_CURRENT_USER = 'CurrentUser'; HKEY_CLASSES_ROOT = 'ClassesRoot'; HKEY_USERS = 'Users'; HKEY_CURRENT_CONFIG = 'CurrentConfig' }
$base = [Microsoft.Win32.RegistryKey]::OpenBaseKey([Microsoft.Win32.RegistryHive]$hives[$p.hive], [Microsoft.Win32.RegistryView]::Registry64)
$where = $p.hive + '\\' + $p.key
function Open-Key([bool]$write) {
  if (-not $p.key) { return $base }
  $k = $null
  try { $k = $base.OpenSubKey($p.key, $write) } catch [System.Security.SecurityException] { Fail 'OPERATION_NOT_PERMITTED' ('The agent may not open ' + $where) }
  if (-not $k) { Fail 'KEY_NOT_FOUND' ($where + ' does not exist') }
  return $k
}
function Has-Value($k, [string]$name) { return @($k.GetValueNames() | Where-Object { $_ -eq $name }).Count -gt 0 }
function Value-Row($k, [string]$name) {
  $v = $k.GetValue($name, $null, [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
  $kind = [string]$k.GetValueKind($name)
  $data = $v
  if ($kind -eq 'QWord') { $data = [string]$v }
  elseif ($v -is [byte[]]) { $data = [Convert]::ToBase64String($v) }
  elseif ($kind -eq 'MultiString') { $data = @($v) }
  [pscustomobject]@{ name = $name; kind = $kind; data = $data }
}
switch ($p.op) {
  'keys' {
    $k = Open-Key $false
    $rows = foreach ($n in $k.GetSubKeyNames()) {
      $s = $null
      try { $s = $k.OpenSubKey($n, $false) } catch { }
      if ($s) { [pscustomobject]@{ name = $n; subkeys = $s.SubKeyCount; values = $s.ValueCount; readable = $true }; $s.Close() }
      else { [pscustomobject]@{ name = $n; subkeys = 0; values = 0; readable = $false } }
    }
    ConvertTo-Json -InputObject @($rows) -Depth 3 -Compress
  }
  'values' {
    $k = Open-Key $false
    $rows = foreach ($n in $k.GetValueNames()) { Value-Row $k $n }
    ConvertTo-Json -InputObject @($rows) -Depth 3 -Compress
  }
  'get' {
    $k = Open-Key $false
    if (-not (Has-Value $k $p.name)) { Fail 'VALUE_NOT_FOUND' ($where + ' has no value ' + $p.name) }
    Value-Row $k $p.name | ConvertTo-Json -Depth 3 -Compress
  }
  'set' {
    $k = Open-Key $true
    switch ($p.type) {
      'REG_SZ' { $k.SetValue($p.name, [string]$p.data, [Microsoft.Win32.RegistryValueKind]::String) }
      'REG_EXPAND_SZ' { $k.SetValue($p.name, [string]$p.data, [Microsoft.Win32.RegistryValueKind]::ExpandString) }
      'REG_MULTI_SZ' { $k.SetValue($p.name, [string[]]@($p.data), [Microsoft.Win32.RegistryValueKind]::MultiString) }
      'REG_DWORD' { $k.SetValue($p.name, [BitConverter]::ToInt32([BitConverter]::GetBytes([uint32]$p.data), 0), [Microsoft.Win32.RegistryValueKind]::DWord) }
      'REG_QWORD' { $k.SetValue($p.name, [BitConverter]::ToInt64([BitConverter]::GetBytes([uint64]$p.data), 0), [Microsoft.Win32.RegistryValueKind]::QWord) }
      'REG_BINARY' { $k.SetValue($p.name, [Convert]::FromBase64String([string]$p.data), [Microsoft.Win32.RegistryValueKind]::Binary) }
    }
    Value-Row $k $p.name | ConvertTo-Json -Depth 3 -Compress
  }
  'delete-value' {
    $k = Open-Key $true
    if (-not (Has-Value $k $p.name)) { Fail 'VALUE_NOT_FOUND' ($where + ' has no value ' + $p.name) }
    $k.DeleteValue($p.name, $true)
    '{"deleted":true}'
  }
  'create-key' {
    $existing = $base.OpenSubKey($p.key, $false)
    $null = $base.CreateSubKey($p.key)
    @{ created = (-not $existing) } | ConvertTo-Json -Compress
  }
  'delete-key' {
    $k = Open-Key $false
    if ($k.SubKeyCount -gt 0 -and -not $p.recursive) { Fail 'KEY_NOT_EMPTY' ($where + ' has subkeys: delete it recursively to remove them too') }
    $k.Close()
    if ($p.recursive) { $base.DeleteSubKeyTree($p.key) } else { $base.DeleteSubKey($p.key) }
    '{"deleted":true}'
  }
}
`;

/** A .NET value kind and its data as the contract's type and data. */
export function toRegistryData(kind: string | null, data: unknown): { type: RegistryType; data: string | string[] | number } {
  switch (kind) {
    case 'String':
      return { type: 'REG_SZ', data: data === null || data === undefined ? '' : String(data) };
    case 'ExpandString':
      return { type: 'REG_EXPAND_SZ', data: data === null || data === undefined ? '' : String(data) };
    case 'MultiString':
      return { type: 'REG_MULTI_SZ', data: asArray<unknown>(data).map((s) => String(s ?? '')) };
    case 'DWord': {
      const n = psNumber(data) ?? 0;
      return { type: 'REG_DWORD', data: n < 0 ? n + 2 ** 32 : n };
    }
    case 'QWord':
      return { type: 'REG_QWORD', data: BigInt.asUintN(64, BigInt(psText(data) ?? '0')).toString() };
    default:
      // Binary, None and Unknown (REG_NONE, REG_LINK, REG_RESOURCE_LIST…) are bytes.
      if (Array.isArray(data)) return { type: 'REG_BINARY', data: Buffer.from(data.map(Number)).toString('base64') };
      return { type: 'REG_BINARY', data: psText(data) ?? '' };
  }
}

export function parseValue(hive: string, key: string, raw: unknown): RegistryValue {
  const r = (raw ?? {}) as PsObject;
  return { hive, key, name: String(r.name ?? ''), ...toRegistryData(psText(r.kind), r.data) };
}

export function parseSubkeys(raw: unknown): RegistrySubkey[] {
  // A subkey the agent may not open (SAM, SECURITY) is listed with zero counts.
  return asArray(raw)
    .map((s) => ({ name: String(s.name ?? ''), subkeyCount: psNumber(s.subkeys) ?? 0, valueCount: psNumber(s.values) ?? 0, lastWriteTime: null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function checkHive(hive: string): string {
  if (!HIVES[hive]) throw new ToolError('INVALID_REQUEST', `hive must be one of ${Object.keys(HIVES).join(', ')}`);
  return hive;
}

function checkKey(key: string, required: boolean): string {
  if (key.includes('\0') || key.startsWith('\\') || key.endsWith('\\')) throw new ToolError('INVALID_REQUEST', 'A key path has no leading or trailing backslash');
  if (required && !key) throw new ToolError('INVALID_REQUEST', 'key is required');
  return key;
}

/** Checks a value to write against its type, as the server's contract does. */
export function checkValue(v: RegistryValue): RegistryValue {
  if (!TYPES.includes(v.type)) throw new ToolError('INVALID_REQUEST', `type must be one of ${TYPES.join(', ')}`);
  const ok =
    ((v.type === 'REG_SZ' || v.type === 'REG_EXPAND_SZ') && typeof v.data === 'string') ||
    (v.type === 'REG_MULTI_SZ' && Array.isArray(v.data) && v.data.every((s) => typeof s === 'string')) ||
    (v.type === 'REG_DWORD' && typeof v.data === 'number' && Number.isInteger(v.data) && v.data >= 0 && v.data <= 0xffffffff) ||
    (v.type === 'REG_QWORD' && typeof v.data === 'string' && /^\d{1,20}$/.test(v.data) && BigInt(v.data) < 2n ** 64n) ||
    (v.type === 'REG_BINARY' && typeof v.data === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(v.data));
  if (!ok) throw new ToolError('INVALID_REQUEST', `data does not fit ${v.type}`);
  return v;
}

export function windowsRegistry(runner: CommandRunner): RegistryTools {
  const call = (params: Record<string, unknown>, signal?: AbortSignal) => runPowerShell(runner, REGISTRY_SCRIPT, params, { signal });
  return {
    keys: async (hive, key, signal) => ({ hive, key, data: parseSubkeys(await call({ op: 'keys', hive: checkHive(hive), key: checkKey(key, false) }, signal)) }),
    values: async (hive, key, signal) => ({
      hive,
      key,
      data: asArray(await call({ op: 'values', hive: checkHive(hive), key: checkKey(key, false) }, signal))
        .map((v) => parseValue(hive, key, v))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }),
    getValue: async (hive, key, name, signal) => parseValue(hive, key, await call({ op: 'get', hive: checkHive(hive), key: checkKey(key, false), name }, signal)),
    setValue: async (value, signal) => {
      const v = checkValue(value);
      return parseValue(v.hive, v.key, await call({ op: 'set', hive: checkHive(v.hive), key: checkKey(v.key, true), name: v.name, type: v.type, data: v.data }, signal));
    },
    deleteValue: async (hive, key, name, signal) => {
      await call({ op: 'delete-value', hive: checkHive(hive), key: checkKey(key, true), name }, signal);
      return { deleted: true as const };
    },
    createKey: async (hive, key, signal) => {
      const r = (await call({ op: 'create-key', hive: checkHive(hive), key: checkKey(key, true) }, signal)) as PsObject;
      return { hive, key, created: r?.created === true };
    },
    deleteKey: async (hive, key, recursive, signal) => {
      checkKey(key, true);
      // A first-level key of a hive (HKLM\SOFTWARE, HKU\<sid>) is part of Windows itself.
      if (!key.includes('\\')) throw new ToolError('OPERATION_REFUSED', `${hive}\\${key} is a top-level key of the hive: the agent does not delete it`);
      await call({ op: 'delete-key', hive: checkHive(hive), key, recursive }, signal);
      return { deleted: true as const };
    },
  };
}
