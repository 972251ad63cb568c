import { db } from '@/lib/db';

export async function checkHealth(): Promise<{ status: 'ok' | 'degraded'; db: 'ok' | 'down' }> {
  try {
    await Promise.race([
      db.$queryRaw`select 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 3000).unref()),
    ]);
    return { status: 'ok', db: 'ok' };
  } catch {
    return { status: 'degraded', db: 'down' };
  }
}
