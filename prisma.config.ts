// Prisma CLI configuration. Prisma's native schema engine is downloaded from a CDN that these
// machines cannot reach, so the CLI runs the JS schema engine through @prisma/adapter-pg
// (see ../shared/STACK.md). Two upstream problems are worked around here.
import { randomUUID } from 'node:crypto';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

process.env.CHECKPOINT_DISABLE = '1';

const NAME_OID = 19;
const CHAR_OID = 18;
const TEXT_OID = 25;

// prisma/orm#27403: the JS schema engine cannot decode the catalog types `name` and `"char"`;
// they are plain text to it, so report them as text.
function asText<T>(result: T): T {
  const fields = (result as { fields?: { dataTypeID: number }[] })?.fields ?? [];
  for (const field of fields) {
    if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
  }
  return result;
}

class CatalogSafePool extends pg.Pool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    return out && typeof out.then === 'function' ? out.then(asText) : out;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async connect(...args: any[]): Promise<any> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const client = await (super.connect as any)(...args);
    if (client && !client.__catalogSafe) {
      const original = client.query.bind(client);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      client.query = (...q: any[]) => {
        const out = original(...q);
        return out && typeof out.then === 'function' ? out.then(asText) : out;
      };
      client.__catalogSafe = true;
    }
    return client;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// adapter-pg's own shadow database reuses the main database when given a connection string
// and drops it while still connected; use a uniquely named one and force-drop it on dispose.
class MigrationAdapterFactory extends PrismaPg {
  constructor(private readonly url: string) {
    // allowExitOnIdle: the CLI would otherwise wait out the idle timeout before exiting.
    super(new CatalogSafePool({ connectionString: url, allowExitOnIdle: true, idleTimeoutMillis: 100 }), { disposeExternalPool: true });
  }

  override async connectToShadowDb() {
    const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(this.url, `CREATE DATABASE "${name}"`);
    const shadow = new PrismaPg(new CatalogSafePool({ connectionString: withDatabase(this.url, name), allowExitOnIdle: true }), {
      disposeExternalPool: true,
    });
    const adapter = await shadow.connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose().catch(() => undefined);
      await adminQuery(this.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set (npm start and npm test set it for you)');
    return new MigrationAdapterFactory(url);
  },
});
