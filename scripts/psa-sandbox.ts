// npm run psa:sandbox — runs the five PSA sandboxes (sandbox/connectwise, sandbox/halopsa,
// sandbox/autotask, sandbox/zendesk, sandbox/syncro) for local development and demos. Create a
// connection (POST /api/v1/psa/connections, or Settings → PSA connections) with the URL and
// credentials printed below; the sandboxes listen on loopback, so run them on a private address
// of a self-hosted deployment (PSA_SANDBOX_HOST) for the outbound address rules to let the
// service reach them. For Autotask the base URL is the zone-discovery root printed here.
import { startAutotaskSandbox } from '../sandbox/autotask/server';
import { startConnectWiseSandbox } from '../sandbox/connectwise/server';
import { startHaloSandbox } from '../sandbox/halopsa/server';
import { startSyncroSandbox } from '../sandbox/syncro/server';
import { startZendeskSandbox } from '../sandbox/zendesk/server';

const host = process.env.PSA_SANDBOX_HOST ?? '127.0.0.1';
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const cw = await startConnectWiseSandbox({ host, port: port('CONNECTWISE_SANDBOX_PORT', 4030) });
const halo = await startHaloSandbox({ host, port: port('HALOPSA_SANDBOX_PORT', 4031), clientSecret: process.env.HALOPSA_SANDBOX_SECRET });
const autotask = await startAutotaskSandbox({ host, port: port('AUTOTASK_SANDBOX_PORT', 4032) });
const zendesk = await startZendeskSandbox({ host, port: port('ZENDESK_SANDBOX_PORT', 4033) });
const syncro = await startSyncroSandbox({ host, port: port('SYNCRO_SANDBOX_PORT', 4034), apiKey: process.env.SYNCRO_SANDBOX_KEY });
const all = { connectwise: cw, halopsa: halo, autotask, zendesk, syncro };
for (const [name, sandbox] of Object.entries(all)) console.log(`${`${name} sandbox:`.padEnd(20)} ${sandbox.url}  credentials: ${JSON.stringify(sandbox.credentials)}`);
const stop = () => void Promise.all(Object.values(all).map((s) => s.close())).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
