// npm run model:sandbox — runs the scripted fake model server (sandbox/model) for local
// development and demos of the AI assistant. Point the service at it with the settings printed
// below. It listens on loopback: run it on a private address of a self-hosted deployment
// (MODEL_SANDBOX_HOST) for the outbound address rules to let the service reach it.
import { startModelSandbox } from '../sandbox/model/server';

const host = process.env.MODEL_SANDBOX_HOST ?? '127.0.0.1';
const sandbox = await startModelSandbox({ host, port: Number(process.env.MODEL_SANDBOX_PORT ?? 4040), apiKey: process.env.MODEL_SANDBOX_API_KEY ?? 'sk-sandbox' });
console.log(`model sandbox: ${sandbox.url}`);
console.log(`  Anthropic: AI_PROVIDER=anthropic AI_BASE_URL=${sandbox.anthropicBaseUrl} AI_API_KEY=${sandbox.apiKey} AI_MODEL=sandbox-claude`);
console.log(`  OpenAI:    AI_PROVIDER=openai AI_BASE_URL=${sandbox.openaiBaseUrl} AI_API_KEY=${sandbox.apiKey} AI_MODEL=sandbox-gpt`);
console.log('  Ask "list devices", "tell me a long story", or [[tool:NAME {"arg":"value"}]] to script a tool call.');
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
