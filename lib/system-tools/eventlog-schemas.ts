// Contract of the event-log system tools: journald on Linux (a log is the whole system journal,
// the kernel's messages, or one systemd unit), the Windows event logs on a Windows agent (each
// log a `channel`: System, Application, Microsoft-Windows-TaskScheduler/Operational…), the
// unified log on a macOS agent (`system` and `kernel`).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';

export const LOG_LEVELS = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;

// Windows log names hold spaces and slashes; a router that kept them encoded hands over `%2F`/`%20`.
const logName = z
  .string()
  .transform((v) => {
    if (!/%[0-9A-Fa-f]{2}/.test(v)) return v;
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  })
  .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 @._:\\/-]{0,250}$/, 'A log name: `system`, `kernel`, a unit name or a Windows event log'));

export const ZEventLogParams = ZSystemToolDeviceParams.extend({
  name: logName.describe('`system` (every entry), `kernel`, a systemd unit such as `ssh.service`, or a Windows event log (`System`, `Microsoft-Windows-TaskScheduler%2FOperational`), URL-encoded'),
});
export const ZEventParams = ZEventLogParams.extend({
  recordId: z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[\x21-\x7e]+$/, 'A record id as listed (printable ASCII)')
    .describe('The entry’s `recordId` as listed (a journal cursor), URL-encoded'),
});

export const ZEventLog = z
  .object({
    name: z.string(),
    kind: z.enum(['system', 'kernel', 'unit', 'channel']).describe('`channel`: a Windows event log'),
    description: z.string(),
  })
  .meta({ id: 'DeviceEventLog' });
export const ZEventLogList = z.object({ data: z.array(ZEventLog), collectedAt: ZTimestamp }).meta({ id: 'DeviceEventLogList' });

export const ZEventLogDetail = z
  .object({
    name: z.string(),
    kind: z.enum(['system', 'kernel', 'unit', 'channel']),
    firstEntryAt: ZTimestamp.nullable(),
    lastEntryAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'DeviceEventLogDetail' });

export const ZEvent = z
  .object({
    recordId: z.string().describe('Identifies the entry (the journal cursor; the EventRecordID on Windows): pass it to GET …/events/:recordId'),
    timestamp: ZTimestamp,
    priority: z.number().int().min(0).max(7).describe('Syslog priority: 0 emerg … 7 debug'),
    level: z.enum(LOG_LEVELS),
    unit: z.string().nullable(),
    identifier: z.string().nullable().describe('Syslog identifier or program name'),
    pid: z.number().int().nullable(),
    hostname: z.string().nullable(),
    bootId: z.string().nullable(),
    message: z.string().describe('At most 16 KiB (longer messages end with …)'),
  })
  .meta({ id: 'DeviceEvent' });
export const ZEventDetail = ZEvent.extend({
  fields: z.record(z.string(), z.string()).describe('Every field of the entry as the journal holds it (values at most 4 KiB)'),
}).meta({ id: 'DeviceEventDetail' });

export const ZEventPage = z
  .object({
    data: z.array(ZEvent),
    pagination: z.object({ nextCursor: z.string().nullable().describe('Pass as `cursor` for older entries; null on the last page'), limit: z.number().int() }),
  })
  .meta({ id: 'DeviceEventPage' });

export const ZEventQuery = z
  .object({
    priority: z
      .union([z.enum(LOG_LEVELS), z.coerce.number().int().min(0).max(7)])
      .transform((v) => (typeof v === 'number' ? v : LOG_LEVELS.indexOf(v)))
      .optional()
      .describe('Highest priority number (least severe level) to include: `err` (3) gives emerg, alert, crit and err'),
    since: z.string().datetime({ offset: true }).optional().describe('Entries at or after this time'),
    until: z.string().datetime({ offset: true }).optional().describe('Entries at or before this time'),
    cursor: z.string().min(1).max(1024).regex(/^[\x21-\x7e]+$/).optional().describe('`pagination.nextCursor` of the previous page'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
