// One line of a plugin's call log: written after each request made with a plugin installation's
// credential (by the route wrapper), and for a request refused because the plugin is disabled.
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';

export async function recordPluginApiCall(call: { installationId: string; method: string; route: string; status: number; durationMs: number }): Promise<void> {
  await db.pluginApiCall
    .create({ data: { ...call, route: call.route.slice(0, 300), method: call.method.slice(0, 10) } })
    .catch((err: unknown) => logger.warn({ err, installationId: call.installationId }, 'could not record a plugin API call'));
}
