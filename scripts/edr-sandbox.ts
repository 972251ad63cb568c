// npm run edr:sandbox — runs the two EDR sandboxes (sandbox/edr-a, sandbox/edr-b) for local
// development. Save an integration (POST /api/v1/incidents/integrations) with the URL and token
// printed below; the sandbox URLs are loopback, so set WEBHOOK_TEST_ALLOW_LOOPBACK in a test setup
// or run the sandboxes on a private address of a self-hosted deployment.
import { startEdrASandbox } from '../sandbox/edr-a/server';
import { startEdrBSandbox } from '../sandbox/edr-b/server';

const host = process.env.EDR_SANDBOX_HOST ?? '127.0.0.1';
const a = await startEdrASandbox({ host, port: Number(process.env.EDR_A_SANDBOX_PORT ?? 4020), token: process.env.EDR_A_SANDBOX_TOKEN });
const b = await startEdrBSandbox({ host, port: Number(process.env.EDR_B_SANDBOX_PORT ?? 4021), token: process.env.EDR_B_SANDBOX_TOKEN });
console.log(`edr_a sandbox: ${a.url}  token: ${a.token}`);
console.log(`edr_b sandbox: ${b.url}  token: ${b.token}`);
const stop = () => void Promise.all([a.close(), b.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
