// npm run plugins:sandbox — runs the backend of the shipped "Chat notifications" plugin
// (sandbox/chat-plugin) as its own process. Install the plugin (Plugins in the console), then
// hand it the credentials shown once:
//   curl -X POST <url>/setup -H 'content-type: application/json' \
//     -d '{"apiBaseUrl":"http://localhost:3000/api/v1","installationId":"…","apiKey":"rmm_ak_…","webhookSecret":"…"}'
// The service delivers to PLUGIN_CHAT_URL (default http://127.0.0.1:4040); outside tests the
// webhook address rules refuse loopback, so run it on a private address (CHAT_PLUGIN_HOST) of
// a self-hosted deployment. The first line printed is {"url": …} (tests read it).
import { startChatPluginSandbox } from '../sandbox/chat-plugin/server';

const sandbox = await startChatPluginSandbox({ host: process.env.CHAT_PLUGIN_HOST ?? '127.0.0.1', port: Number(process.env.CHAT_PLUGIN_PORT ?? 4040) });
console.log(JSON.stringify({ url: sandbox.url }));
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
