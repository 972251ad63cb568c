// A small authoritative DNS server on a loopback UDP port, for tests and journeys that resolve
// TXT records through node:dns (SSO domain verification): it answers TXT queries from a table
// the caller edits, NXDOMAIN for names it does not hold, and an empty answer for other record
// types of names it holds.
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

const TYPE_TXT = 16;
const CLASS_IN = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for Resolver.setServers / SSO_DNS_SERVERS. */
  address: string;
  /** Sets the TXT records of a name (replacing any); an empty list keeps the name with no TXT. */
  setTxt(name: string, values: string[]): void;
  remove(name: string): void;
  /** Queries answered so far, as `name TYPE`. */
  queries: string[];
  close(): Promise<void>;
}

interface Question {
  name: string;
  type: number;
  end: number;
}

function readQuestion(msg: Buffer): Question | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < msg.length) {
    const len = msg[offset];
    if (len === 0) break;
    if (len > 63 || offset + 1 + len > msg.length) return null; // no compression in questions
    labels.push(msg.subarray(offset + 1, offset + 1 + len).toString('latin1'));
    offset += 1 + len;
  }
  if (offset + 5 > msg.length) return null;
  const type = msg.readUInt16BE(offset + 1);
  return { name: labels.join('.').toLowerCase(), type, end: offset + 5 };
}

function txtRdata(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const part = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([part.length]), part);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(chunks);
}

function answer(query: Buffer, question: Question, rcode: number, values: string[]): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  const rd = query[2] & 0x01;
  header[2] = 0x80 | 0x04 | rd; // QR, AA, RD echoed
  header[3] = rcode;
  header.writeUInt16BE(1, 4); // QDCOUNT
  header.writeUInt16BE(values.length, 6); // ANCOUNT
  const records = values.map((value) => {
    const rdata = txtRdata(value);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

/** `port` 0 (default): any free port. */
export async function startTestDnsServer(opts: { port?: number } = {}): Promise<TestDnsServer> {
  const zone = new Map<string, string[]>();
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 12) return;
    const question = readQuestion(msg);
    let reply: Buffer;
    if (!question) {
      reply = Buffer.from(msg.subarray(0, 12));
      reply[2] = 0x80;
      reply[3] = RCODE_FORMERR;
      reply.writeUInt32BE(0, 4);
      reply.writeUInt32BE(0, 8);
    } else {
      queries.push(`${question.name} ${question.type}`);
      const values = zone.get(question.name);
      if (values === undefined) reply = answer(msg, question, RCODE_NXDOMAIN, []);
      else reply = answer(msg, question, 0, question.type === TYPE_TXT ? values : []);
    }
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => void zone.set(name.toLowerCase(), values),
    remove: (name) => void zone.delete(name.toLowerCase()),
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
