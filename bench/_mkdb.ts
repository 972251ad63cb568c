import { migrateDatabase } from '../scripts/lib/migrate';
const url = process.env.DATABASE_URL!;
async function main() {
await migrateDatabase(url, { quiet: true });
const { seedTenant, seedDevices } = await import('./lib/seed');
const t = await seedTenant();
await seedDevices(t, 0, 100_000);
console.log(JSON.stringify(t));
process.exit(0);
}
main();
