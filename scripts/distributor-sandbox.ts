// npm run distributor:sandbox — runs the sandbox distributor (sandbox/distributor/server.ts) for
// local development. Point the service at it with DISTRIBUTOR_API_URL (the default) and save an
// integration with the client id and secret printed below.
import { startDistributorSandbox } from '../sandbox/distributor/server';

const port = Number(process.env.DISTRIBUTOR_SANDBOX_PORT ?? 4010);
const sandbox = await startDistributorSandbox({
  host: process.env.DISTRIBUTOR_SANDBOX_HOST ?? '127.0.0.1',
  port,
  clientId: process.env.DISTRIBUTOR_SANDBOX_CLIENT_ID,
  clientSecret: process.env.DISTRIBUTOR_SANDBOX_CLIENT_SECRET,
});
console.log(`sandbox distributor listening: ${sandbox.apiUrl}`);
console.log(`client id: ${sandbox.clientId}  client secret: ${sandbox.clientSecret}`);
console.log('faults: POST /_sandbox/faults { method, path, mode: reject|timeout|drop, status?, body?, times? }');
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
