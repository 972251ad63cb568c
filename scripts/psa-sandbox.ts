// npm run psa:sandbox — runs the ConnectWise PSA and HaloPSA sandboxes (sandbox/connectwise,
// sandbox/halopsa) for local development and demos. Create a connection (POST
// /api/v1/psa/connections, or Settings → PSA connections) with the URL and credentials printed
// below; the sandboxes listen on loopback, so run them on a private address of a self-hosted
// deployment (PSA_SANDBOX_HOST) for the outbound address rules to let the service reach them.
import { startConnectWiseSandbox } from '../sandbox/connectwise/server';
import { startHaloSandbox } from '../sandbox/halopsa/server';

const host = process.env.PSA_SANDBOX_HOST ?? '127.0.0.1';
const cw = await startConnectWiseSandbox({ host, port: Number(process.env.CONNECTWISE_SANDBOX_PORT ?? 4030) });
const halo = await startHaloSandbox({ host, port: Number(process.env.HALOPSA_SANDBOX_PORT ?? 4031), clientSecret: process.env.HALOPSA_SANDBOX_SECRET });
console.log(`connectwise sandbox: ${cw.url}  credentials: ${JSON.stringify(cw.credentials)}`);
console.log(`halopsa sandbox:     ${halo.url}  credentials: ${JSON.stringify(halo.credentials)}`);
const stop = () => void Promise.all([cw.close(), halo.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
