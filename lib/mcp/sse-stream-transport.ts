// The server side of MCP's SSE transport over a web ReadableStream (what a Next.js route handler
// answers with), for the SDK's Server. The SDK's own SSEServerTransport writes to a Node
// ServerResponse and keeps its sessions in one process's memory; this one only frames events,
// and the session registry (sse-sessions.ts) decides which process a posted message reaches.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { authInfoFor, type McpRequestAuth } from '@/lib/mcp/create-mcp-server';

const encoder = new TextEncoder();

export class SseStreamTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** The stream takes no more events (closed by us or by the client). */
  private closed = false;
  private ended = false;

  constructor(
    readonly sessionId: string,
    private readonly controller: ReadableStreamDefaultController<Uint8Array>,
  ) {}

  async start(): Promise<void> {
    // The stream is already open: the route handler answered with it.
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Raw SSE text (the endpoint event, keep-alive comments). */
  write(text: string): void {
    if (this.closed) return;
    try {
      this.controller.enqueue(encoder.encode(text));
    } catch {
      // The client went away between two events; the registry's cancel hook cleans up.
      this.closed = true;
    }
  }

  /** A message the client posted, with the caller it was authenticated as. */
  receive(message: JSONRPCMessage, auth: McpRequestAuth): void {
    this.onmessage?.(message, { authInfo: authInfoFor(auth) });
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.closed) {
      this.closed = true;
      try {
        this.controller.close();
      } catch {
        /* already closed by the client */
      }
    }
    this.onclose?.();
  }
}
