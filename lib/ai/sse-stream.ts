// A server-sent event stream answered from a route handler: `run` writes events while the
// response is open; the signal it gets fires when the client goes away.
import { logger } from '@/lib/observability/logger';
import type { AiStreamEvent } from '@/lib/ai/schemas';

const encoder = new TextEncoder();
/** A comment line this often keeps proxies from closing a quiet stream (a long tool call). */
const KEEPALIVE_MS = 15_000;

export type SendEvent = (event: AiStreamEvent) => void;

export function sseResponse(run: (send: SendEvent, clientGone: AbortSignal) => Promise<void>): Response {
  const gone = new AbortController();
  let closed = false;
  let keepalive: NodeJS.Timeout | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
        }
      };
      const send: SendEvent = (e) => write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      void run(send, gone.signal)
        .catch((err: unknown) => {
          logger.error({ err }, 'AI stream failed');
          send({ event: 'error', data: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' } });
          send({ event: 'done', data: { reason: 'error', assistantMessageId: null, pendingExecutionIds: [] } });
        })
        .finally(() => {
          clearInterval(keepalive);
          if (!closed) {
            closed = true;
            try {
              controller.close();
            } catch {
              /* already closed by the client */
            }
          }
        });
    },
    cancel() {
      closed = true;
      clearInterval(keepalive);
      gone.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } });
}
