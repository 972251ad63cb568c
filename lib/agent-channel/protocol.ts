// What the pieces of the agent channel share: the agent's error bodies and what they become over
// HTTP, the frames relayed between web processes, the handles of byte streams, and the state of
// one agent's connection. Frame format: docs/AGENT-CHANNEL.md.
import type { WebSocket } from 'ws';
import { AppError } from '@/lib/http/errors';

export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/**
 * Flow control of byte streams (`stream.window` credits): the agent may send this many bytes of a
 * stream before the server handed them on to their reader; the server gives credit back a quarter
 * window at a time as the reader takes them.
 */
export const STREAM_WINDOW = 256 * 1024;
/** Bytes of one stream held for a slow reader past which the stream is closed (a peer ignoring its window). */
export const STREAM_BUFFER_CAP = 4 * STREAM_WINDOW;

export interface AgentErrorBody {
  code: string;
  message: string;
}

/** How a request or stream opening ended when it did not succeed. */
export interface Failure {
  error: AgentErrorBody;
  offline?: boolean;
}

export type Answer = { ok: true; result: unknown } | ({ ok: false } & Failure);

/**
 * Byte streams relayed between the process that opened one (e.g. holding a browser's terminal
 * WebSocket) and the process holding the device's channel. `sid` is the opener's stream id
 * (uuid); data travels base64-encoded, in order (each side sends one stream's messages one after
 * another and handles them one after another).
 */
export type StreamRelayMessage =
  | { k: 'sopen'; sid: string; from: string; deviceId: string; kind: string; params: unknown; timeoutMs: number }
  | { k: 'sopened'; sid: string; error?: AgentErrorBody; offline?: boolean; window?: number }
  /** Credit: the receiver of this stream's data in the other direction handed on `bytes` more. */
  | { k: 'swin'; sid: string; bytes: number }
  | { k: 'sdata'; sid: string; d: string }
  | { k: 'sctl'; sid: string; frame: Record<string, unknown> }
  | { k: 'sclose'; sid: string; reason: string };

export type RequestRelayMessage =
  | { k: 'req'; id: string; from: string; deviceId: string; op: string; params: unknown; timeoutMs: number }
  | ({ k: 'res'; id: string } & Answer);

export type RelayMessage = RequestRelayMessage | StreamRelayMessage | { k: 'app'; topic: string; data: unknown };

/** What the opener of a byte stream hears from the device. */
export interface StreamHandlers {
  /**
   * Bytes from the device. `release` must be called once they were handed on to their reader
   * (written to the browser's socket, read by the HTTP parser): the device sends at most
   * STREAM_WINDOW bytes not yet released, and a stream holding more than STREAM_BUFFER_CAP is closed.
   */
  onData(chunk: Buffer, release: () => void): void;
  /** `write` said false earlier and the device has taken enough to accept more. */
  onDrain?(): void;
  /** The stream ended (the device closed it, the agent went away); called at most once. */
  onClose(reason: string): void;
}

/** The opener's end of a byte stream to a device. */
export interface StreamHandle {
  /** Sends bytes; false when the device's window is used up (wait for onDrain before more). */
  write(chunk: Buffer): boolean;
  /** A control frame for the stream (e.g. `{ type: 'stream.resize', cols, rows }`). */
  control(frame: Record<string, unknown>): void;
  close(reason?: string): void;
}

export interface LocalStream {
  id: number;
  deviceId: string;
  handlers: StreamHandlers;
  opened: boolean;
  settle?: (error: Failure | null) => void;
  timer?: NodeJS.Timeout;
  /** Bytes this process may still send to the agent (unlimited for an agent without windows). */
  credit: number;
  /** Bytes received from the agent that the reader has not released yet. */
  unreleased: number;
  /** Bytes released and not yet given back to the agent as credit. */
  owed: number;
  /** Where the agent's credit grants go when the stream is relayed (to the opener's process). */
  onWindow?: (bytes: number) => void;
}

/** One agent's open WebSocket on this process. */
export interface Connection {
  id: string;
  ws: WebSocket;
  deviceId: string;
  alive: boolean;
  hello: Record<string, unknown> | null;
  streams: Map<number, LocalStream>;
  nextStream: number;
}

export function send(ws: WebSocket, frame: Record<string, unknown>): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

export const agentOffline = (message = 'The device has no open agent channel (its agent is offline, outdated, or still connecting)') =>
  new AppError('AGENT_OFFLINE', 409, message);
export const agentTimeout = (seconds: number) =>
  new AppError('AGENT_TIMEOUT', 504, `The agent did not answer within ${seconds} seconds`);

/**
 * What the agent's error codes become over HTTP. Only known codes keep their meaning: anything
 * else an agent says is an operation that failed on the device (422 AGENT_OPERATION_FAILED).
 */
const AGENT_ERROR_STATUS: Record<string, number> = {
  UNSUPPORTED_ON_PLATFORM: 422,
  UNSUPPORTED_OPERATION: 422,
  PROCESS_NOT_FOUND: 404,
  SERVICE_NOT_FOUND: 404,
  INVALID_REQUEST: 400,
  LOG_NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  TASK_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  FILE_EXISTS: 409,
  FILE_TOO_LARGE: 413,
  KEY_NOT_FOUND: 404,
  VALUE_NOT_FOUND: 404,
  KEY_NOT_EMPTY: 409,
};

export function agentError(error: AgentErrorBody): AppError {
  const code = typeof error?.code === 'string' ? error.code : 'AGENT_OPERATION_FAILED';
  const message = typeof error?.message === 'string' ? error.message.slice(0, 2000) : 'The agent reported an error';
  const status = AGENT_ERROR_STATUS[code];
  if (status) return new AppError(code, status, message);
  return new AppError('AGENT_OPERATION_FAILED', 422, message, { agentCode: code.slice(0, 64) });
}

/** The HTTP error of a failed request or stream opening. */
export function failureError(e: Failure, timeoutMs: number): AppError {
  if (e.offline || e.error.code === 'AGENT_OFFLINE') return agentOffline();
  if (e.error.code === 'AGENT_TIMEOUT') return agentTimeout(Math.round(timeoutMs / 1000));
  if (e.error.code === 'AGENT_BUSY') return new AppError('AGENT_BUSY', 429, e.error.message, [], { 'retry-after': '1' });
  return agentError(e.error);
}
