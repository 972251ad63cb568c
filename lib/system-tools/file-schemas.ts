// Contract of the file system tools: list a directory or read a file, download (streamed),
// upload (multipart, written atomically). Paths are absolute paths on the device.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

const devicePath = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^(\/|[A-Za-z]:[\\/])[^\0]*$/, 'An absolute path on the device')
  .describe('Absolute path on the device');
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZFileEntry = z
  .object({
    name: z.string(),
    path: z.string(),
    type: z.enum(['file', 'directory', 'symlink', 'other']),
    size: z.number().int().describe('Bytes (for a symbolic link, the link itself)'),
    modifiedAt: ZTimestamp,
    mode: z.string().describe('Permission bits in octal, e.g. 0644'),
    owner: z.string().nullable(),
    linkTarget: z.string().nullable(),
  })
  .meta({ id: 'DeviceFileEntry' });

export const ZFileListing = z
  .object({
    kind: z.literal('directory'),
    path: z.string(),
    entries: z.array(ZFileEntry),
    truncated: z.boolean().describe('More than 10,000 entries: the first 10,000 by name are listed'),
  })
  .meta({ id: 'DeviceDirectoryListing' });
export const ZFileContent = z
  .object({
    kind: z.literal('file'),
    path: z.string(),
    entry: ZFileEntry,
    encoding: z.enum(['utf8', 'base64']).describe('utf8 when the bytes read are UTF-8 text without NUL, else base64'),
    content: z.string(),
    truncated: z.boolean().describe('The file is longer than `maxBytes`: only its beginning is here (download it for all of it)'),
  })
  .meta({ id: 'DeviceFileContent' });
export const ZFileGetResult = z.discriminatedUnion('kind', [ZFileListing, ZFileContent]).meta({ id: 'DeviceFileGetResult' });

export const ZFileGetQuery = z
  .object({
    path: devicePath,
    maxBytes: z.coerce.number().int().min(1).max(10 * 1024 * 1024).default(1024 * 1024).describe('Read at most this many bytes of a file (default 1 MiB, at most 10 MiB)'),
  })
  .strict();
export const ZFileDownloadQuery = z.object({ path: devicePath }).strict();
export const ZFileUploadQuery = z
  .object({
    path: devicePath.describe('Destination: a file path, or an existing directory (the part’s file name is used)'),
    overwrite: queryBool.default(false).describe('Replace an existing file (default false: 409 FILE_EXISTS)'),
  })
  .strict();

export const ZAgentRange = z.object({ offset: z.number().int(), data: z.string(), bytes: z.number().int(), eof: z.boolean() });
export const ZAgentUploadBegin = z.object({ uploadId: z.string().min(1), path: z.string() });
export const ZAgentUploadChunk = z.object({ uploadId: z.string(), written: z.number().int() });
