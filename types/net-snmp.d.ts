// The part of net-snmp (plain JavaScript, no bundled types) that lib/snmp uses.
declare module 'net-snmp' {
  export interface Varbind {
    oid: string;
    type: number;
    value: unknown;
  }
  export interface SessionOptions {
    port?: number;
    retries?: number;
    timeout?: number;
    version?: number;
    transport?: 'udp4' | 'udp6';
    idBitsSize?: 16 | 32;
    backoff?: number;
  }
  export interface V3User {
    name: string;
    level: number;
    authProtocol?: number;
    authKey?: string;
    privProtocol?: number;
    privKey?: string;
  }
  export interface Session {
    get(oids: string[], cb: (error: Error | null, varbinds: Varbind[]) => void): void;
    subtree(oid: string, maxRepetitions: number, feed: (varbinds: Varbind[]) => boolean | void, done: (error: Error | null) => void): void;
    close(): void;
    on(event: 'error', cb: (error: Error) => void): void;
  }
  export function createSession(target: string, community: string, options?: SessionOptions): Session;
  export function createV3Session(target: string, user: V3User, options?: SessionOptions): Session;
  export function isVarbindError(vb: Varbind): boolean;
  export function varbindError(vb: Varbind): string;
  export const Version2c: number;
  export const Version3: number;
  export const ObjectType: Record<string, number>;
  export const SecurityLevel: Record<string, number>;
  export const AuthProtocols: Record<string, number>;
  export const PrivProtocols: Record<string, number>;
  export class RequestTimedOutError extends Error {}
  export class RequestFailedError extends Error {}
  export class ResponseInvalidError extends Error {}
  const snmp: {
    createSession: typeof createSession;
    createV3Session: typeof createV3Session;
    isVarbindError: typeof isVarbindError;
    varbindError: typeof varbindError;
    Version2c: number;
    Version3: number;
    ObjectType: Record<string, number>;
    SecurityLevel: Record<string, number>;
    AuthProtocols: Record<string, number>;
    PrivProtocols: Record<string, number>;
  };
  export default snmp;
}
