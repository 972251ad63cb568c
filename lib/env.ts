// The one place configuration is read. Values are parsed once, on first use, so tests and the
// start script can set process.env before anything reads it.
import { isIP } from 'node:net';
import { z } from 'zod';

const TRUTHY = new Set(['1', 'true', 'yes', 'on']);
const FALSY = new Set(['0', 'false', 'no', 'off']);

/** Parses a feature flag: 1/true/yes/on and 0/false/no/off (any case); anything else is the default. */
export function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const v = value.trim().toLowerCase();
  if (TRUTHY.has(v)) return true;
  if (FALSY.has(v)) return false;
  return fallback;
}

const flag = (fallback: boolean) => z.string().optional().transform((v) => parseFlag(v, fallback));
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
// Unset and empty (`S3_BUCKET=` in a .env file) both mean "not configured".
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const list = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

/** A resolver address node:dns accepts: an IP, IPv4:port or [IPv6]:port. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : isIP(entry) ? [entry, undefined] : entry.split(':');
  if (!isIP(host ?? '')) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

const EnvFields = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  DB_POOL_SIZE: int(10, 1),
  // Where the web server listens. HOST 0.0.0.0 (or ::) is every interface.
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  // The address users and agents reach the service at, for every link it builds. Unset: derived
  // from HOST and PORT (lib/public-url.ts).
  APP_BASE_URL: optionalText.pipe(z.string().url().optional()),
  // Every piece of local state (embedded PostgreSQL, generated secrets, the mail folder…), so
  // instances with their own DATA_DIR and PORT can run from one checkout.
  DATA_DIR: z.string().trim().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // json: every line a process prints is a JSON record; pretty: `npm start` also prints its
  // boxed sign-in summary when stdout is not a terminal (on a terminal it always does).
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  LOG_BUFFER_BYTES: int(8192, 0).describe('Bytes of log lines buffered before a write (at most 16000); 0 writes each line at once'),

  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters'),
  // Seals the customer portal's session cookie (iron-session).
  PORTAL_SESSION_SECRET: z.string().min(32, 'PORTAL_SESSION_SECRET must be at least 32 characters'),
  PORTAL_SESSION_TTL_HOURS: int(12, 1),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 60),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1),
  // A rotated refresh token presented again this soon is a race (two tabs), not a leak (refresh-session.ts).
  REFRESH_REUSE_GRACE_SECONDS: int(30, 0),
  PASSWORD_HASH_MEMORY_KIB: int(19456, 1024),
  PASSWORD_HASH_ITERATIONS: int(2, 1),

  ENABLE_2FA: flag(true),
  // A request whose handler ran no authorization decision (lib/http/define-route.ts): `enforce`
  // answers 500 (tests), `log` logs an error and answers normally.
  AUTHZ_BACKSTOP: z.enum(['enforce', 'log']).default('log'),
  ENABLE_REGISTRATION: flag(true),
  PUBLIC_ENABLE_REGISTRATION: flag(true),
  // Self-registration (doc 1 "Limits"): attempts per client IP per sliding hour.
  REGISTER_PARTNER_RATE_LIMIT_PER_HOUR: int(3, 1),
  REGISTER_USER_RATE_LIMIT_PER_HOUR: int(5, 1),
  VERIFY_EMAIL_RATE_LIMIT_PER_HOUR: int(10, 1),
  REGISTRATION_TOKEN_TTL_HOURS: int(24, 1),
  IS_HOSTED: flag(true),

  TRUST_PROXY_HEADERS: flag(false),
  TRUSTED_PROXY_CIDRS: list,

  LOGIN_RATE_LIMIT_PER_IP: int(30, 1),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: int(10, 1),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: int(900, 1),

  INVITE_TTL_HOURS: int(72, 1),
  INVITES_PER_PARTNER_PER_HOUR: int(50, 1),
  API_KEY_MAX_GRACE_HOURS: int(168, 0),

  SMTP_URL: z.string().optional().describe('smtp://user:pass@host:587 — unset: messages are written to MAIL_DIR'),
  MAIL_FROM: z.string().default('RMM Service <no-reply@localhost>'),
  MAIL_DIR: optionalText.describe('Default: <DATA_DIR>/mail'),
  MAIL_TEMPLATE_DIR: z.string().optional().describe('Directory of operator templates overriding the built-in ones (<name>.subject.txt, <name>.txt, <name>.html)'),

  S3_BUCKET: optionalText.describe('Object storage for ticket attachments; unset: bytes are stored in PostgreSQL'),
  S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag(false),
  AGENT_ARTIFACT_MAX_MB: z.coerce.number().int().min(1).max(2048).default(256).describe('Largest agent artifact an operator may upload (POST /agent-versions/:version/artifacts/:os/:arch), in MiB'),

  INBOUND_EMAIL_SECRET: optionalText.pipe(z.string().min(32, 'INBOUND_EMAIL_SECRET must be at least 32 characters').optional()),
  INBOUND_EMAIL_DOMAIN: optionalText.transform((v) => v?.toLowerCase()),

  SSO_DNS_SERVERS: list
    .refine((servers) => servers.every(isDnsServer), 'Each entry is an IP address, optionally with a port (1.1.1.1:53, [::1]:53)')
    .describe('DNS servers (ip or ip:port, comma-separated) that check SSO domain ownership records; unset: the system resolvers'),
  WEBHOOK_TEST_ALLOW_LOOPBACK: flag(false).describe('Test-only: lets deliveries reach 127.0.0.1/::1; refused unless NODE_ENV=test'),
  WEBHOOK_DELIVERY_RETENTION_DAYS: int(30, 1),
  WEBHOOK_AUTO_FAIL_AFTER: int(25, 0).describe('Consecutive exhausted deliveries that mark a webhook failed; 0 never'),
  ACCOUNTING_WEBHOOK_VERIFIER_TOKEN: z.string().optional().transform((v) => v || undefined),
  ACCOUNTING_WEBHOOK_RATE_LIMIT_PER_MINUTE: int(120, 1),

  AGENT_ENROLLMENT_SECRET: z.string().min(1).optional().describe('Global enrollment secret every agent must present (unless its key has its own)'),
  ENROLLMENT_KEY_DEFAULT_TTL_MINUTES: int(43_200, 1),
  PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES: int(43_200, 1).describe('Longest lifetime of an enrollment key minted through the partner API (longer requests are clamped)'),
  AGENT_ENROLL_RATE_LIMIT_PER_IP: int(300, 1),
  AGENT_ENROLL_RATE_LIMIT_WINDOW_SECONDS: int(3600, 1),
  AGENT_HEARTBEAT_INTERVAL_SECONDS: int(60, 1),
  DEVICE_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(1).optional().describe('Default: 3 × AGENT_HEARTBEAT_INTERVAL_SECONDS'),
  COMMAND_OUTPUT_MAX_BYTES: int(262_144, 1024),
  REDIS_URL: optionalText.pipe(z.string().url().optional()).describe('redis://host:6379 — set: web processes relay the live agent channel through Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY'),
  AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS: int(15, 1).describe('How long a request over the live agent channel (system tools) waits for the agent before 504 AGENT_TIMEOUT'),
  SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES: int(2_147_483_648, 1).describe('Largest file downloaded from a device through the system tools (413 FILE_TOO_LARGE beyond)'),
  SYSTEM_TOOLS_UPLOAD_MAX_BYTES: int(104_857_600, 1).describe('Largest file uploaded to a device through the system tools (413 FILE_TOO_LARGE beyond)'),
  COMMAND_RESULT_GRACE_SECONDS: int(600, 1),
  // Remote access (docs/REMOTE-ACCESS.md).
  REMOTE_TERMINAL_TICKET_SECONDS: int(60, 5).describe('Lifetime of the one-time ticket a browser opens a terminal WebSocket with'),
  REMOTE_TRANSCRIPT_MAX_BYTES: int(1_048_576, 0).describe('Terminal output kept per session for the transcript (the rest is cut, marked truncated); 0 keeps none'),
  REMOTE_SESSION_STALE_SECONDS: int(120, 30).describe('A session whose viewer has not been seen for this long (or still pending) is ended by DELETE /remote/sessions/stale'),
  TUNNEL_ALLOWED_TARGETS: z.enum(['device', 'lan']).default('lan').describe('What a tunnel may reach from its device: the device itself only, or also its LAN (private addresses in the subnets of its interfaces)'),
  REMOTE_STUN_URLS: list.describe('STUN servers handed to desktop viewers and agents (stun:host:port, comma-separated)'),
  REMOTE_TURN_URLS: list.describe('TURN servers (turn:host:port?transport=udp, comma-separated); credentials are minted from REMOTE_TURN_SECRET'),
  REMOTE_TURN_SECRET: optionalText.describe('Shared secret of the TURN REST API (coturn use-auth-secret): short-lived credentials per request'),
  REMOTE_TURN_TTL_SECONDS: int(3600, 60),
  REMOTE_CONNECT_RATE_LIMIT_PER_IP: int(20, 1).describe('Desktop connect codes a source IP may redeem (or try to) per REMOTE_CONNECT_RATE_LIMIT_WINDOW_SECONDS'),
  REMOTE_CONNECT_RATE_LIMIT_WINDOW_SECONDS: int(600, 1),
  TUNNEL_HTTP_SANDBOX: flag(true).describe('Serve proxied device pages with CSP sandbox (an opaque origin): a device web UI runs on the console origin and must not reach the console session. Off: device UIs that need their own origin storage work, at that risk'),
  OFFBOARDING_DRAIN_WINDOW_HOURS: z.coerce.number().positive().default(72),

  ALERT_RULE_CACHE_SECONDS: int(30, 0),
  ALERT_CORRELATION_WINDOW_MINUTES: int(10, 0),
  MONITOR_RESULTS_RETENTION_DAYS: int(30, 1),
  // An order still `submitting` this long after its claim was interrupted (see recover-interrupted-submits.ts).
  DISTRIBUTOR_SUBMIT_STALE_MINUTES: int(15, 1),
  MONITOR_MIN_INTERVAL_SECONDS: int(30, 1),
  // Metric history tiers (lib/metric-history): each retention drops whole partitions, so data
  // stays up to one partition (a day for 5-minute buckets, a month for rollups) longer.
  METRIC_HISTORY_DAYS: int(7, 1).describe('Days of per-device CPU/memory/disk history kept at 5-minute resolution (daily partitions, dropped hourly once rolled up)'),
  METRIC_HOURLY_DAYS: int(90, 1).describe('Days of hourly metric rollups (min/avg/max, availability) kept; at least METRIC_HISTORY_DAYS'),
  METRIC_DAILY_DAYS: int(730, 1).describe('Days of daily metric rollups kept; at least METRIC_HOURLY_DAYS. Also the longest range GET /devices/:id/metrics answers'),

  DISTRIBUTOR_API_URL: z.string().url().default('http://127.0.0.1:4010/api/v1').describe('Base URL of the distributor API (default: the sandbox of npm run distributor:sandbox)'),
  DISTRIBUTOR_TIMEOUT_MS: int(15_000, 50),

  PLUGIN_CHAT_URL: z.string().url().default('http://127.0.0.1:4040').describe('Backend of the shipped chat-notifications plugin (default: the sandbox of npm run plugins:sandbox); events go to <url>/events'),
  // The AI assistant (lib/ai): off unless a provider and a model are set.
  AI_PROVIDER: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(['anthropic', 'openai']).optional()).describe('anthropic (Messages API) or openai (any OpenAI-compatible endpoint, with AI_BASE_URL for a local model server); unset: the assistant is off'),
  AI_API_KEY: optionalText.describe('The provider API key (a local OpenAI-compatible server may need none)'),
  AI_BASE_URL: optionalText.pipe(z.string().url().optional()).describe('Provider base URL (default: the provider’s own); checked by the outbound address rules of webhooks'),
  AI_MODEL: optionalText.describe('Model name, e.g. claude-sonnet-4-5 or gpt-4.1-mini'),
  AI_MAX_OUTPUT_TOKENS: int(4096, 16),
  AI_MAX_TOOL_ROUNDS: int(8, 1).describe('Model calls one user message may lead to (each tool round is one more)'),
  AI_INPUT_COST_PER_MTOK_USD: z.coerce.number().min(0).default(3).describe('Price of a million input tokens, for the cost budget'),
  AI_OUTPUT_COST_PER_MTOK_USD: z.coerce.number().min(0).default(15).describe('Price of a million output tokens, for the cost budget'),
  AI_MONTHLY_TOKEN_BUDGET: int(2_000_000, 0).describe('Default tokens (input + output) a partner may use per calendar month (UTC); 0 no limit. A partner’s settings.ai.monthlyTokenBudget overrides it'),
  AI_MONTHLY_COST_BUDGET_USD: z.coerce.number().min(0).default(50).describe('Default cost a partner may spend per calendar month (UTC); 0 no limit. settings.ai.monthlyCostBudgetUsd overrides it'),

  WORKER_CONCURRENCY: int(10, 1),
  // Webhook deliveries run in a job runner of their own with this many at once: each mostly
  // waits on its receiver, so their throughput is this concurrency over the receivers' latency,
  // and they must not queue behind (nor crowd out) the heavier jobs. 0: they share the main runner.
  WEBHOOK_DELIVERY_CONCURRENCY: int(32, 0),
  WORKER_POLL_INTERVAL_MS: int(1000, 50),
  // graphile-worker batching (see README "Scaling"): jobs fetched per query into a local queue
  // (0 or 1: one per query), and how long completions wait to be written together (-1: at once).
  // Measured: fetching one job per query was the database's costliest statement in webhook fan-out.
  WORKER_LOCAL_QUEUE_SIZE: int(20, 0),
  WORKER_COMPLETE_BATCH_DELAY_MS: z.coerce.number().int().min(-1).default(20),

  METRICS_TOKEN: z.string().optional(),
  // The worker's HTTP listener (GET /metrics, GET /healthz; worker/metrics-server.ts) on HOST.
  // Unset: the worker listens on no port.
  WORKER_METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(65_535).optional()),
  BOOTSTRAP_ADMIN_EMAIL: z.string().email().default('admin@localhost.test'),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().optional(),
});

/** Every setting's name: .env.example documents exactly these (tests/unit check). */
export const ENV_KEYS = Object.keys(EnvFields.shape);

const EnvSchema = EnvFields.superRefine((v, ctx) => {
  // A switch that opens loopback to webhook deliveries must never reach a real deployment.
  if (v.WEBHOOK_TEST_ALLOW_LOOPBACK && v.NODE_ENV !== 'test') {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOK_TEST_ALLOW_LOOPBACK'], message: 'is refused unless NODE_ENV=test' });
  }
  // A coarser tier outlives the finer one it is rolled up from, or its reads would have holes.
  if (v.METRIC_HOURLY_DAYS < v.METRIC_HISTORY_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['METRIC_HOURLY_DAYS'], message: 'must be at least METRIC_HISTORY_DAYS' });
  }
  if (v.METRIC_DAILY_DAYS < v.METRIC_HOURLY_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['METRIC_DAILY_DAYS'], message: 'must be at least METRIC_HOURLY_DAYS' });
  }
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

function parsePart<T extends z.ZodType>(schema: T, source: Record<string, string | undefined>): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

const LogFields = EnvFields.pick({ LOG_LEVEL: true, LOG_BUFFER_BYTES: true });

/**
 * The logger's two settings, parsed on their own: the logger is created before (and without)
 * the rest of the configuration, e.g. in a process that reports that configuration is invalid.
 * Unset LOG_LEVEL under NODE_ENV=test is silent.
 */
export function logSettings(): z.infer<typeof LogFields> {
  return parsePart(LogFields, { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : undefined) });
}

const StartFields = EnvFields.pick({ DATA_DIR: true, PORT: true, HOST: true, APP_BASE_URL: true, LOG_LEVEL: true, LOG_FORMAT: true, BOOTSTRAP_ADMIN_EMAIL: true, BOOTSTRAP_ADMIN_PASSWORD: true });

/** What `npm start` needs before the database and the secrets exist (scripts/start.ts). */
export function startSettings(): z.infer<typeof StartFields> {
  return parsePart(StartFields, process.env);
}

/** Where unsent mail is written without SMTP_URL. */
export function mailDir(config: Env = env()): string {
  return config.MAIL_DIR ?? `${config.DATA_DIR.replace(/[\\/]+$/, '')}/mail`;
}

/** Silence after which the presence sweep marks a device offline. */
export function deviceOfflineAfterSeconds(config: Env = env()): number {
  return config.DEVICE_OFFLINE_AFTER_SECONDS ?? 3 * config.AGENT_HEARTBEAT_INTERVAL_SECONDS;
}

/** Forget the parsed values (tests change process.env between cases). */
export function resetEnvCache(): void {
  cached = undefined;
}
