// A JSON document read as a stream of text chunks, yielding the elements of its one large array
// one at a time: the document's top-level array, or the array under one of `arrayKeys` of its
// top-level object (`{ vulns: [...] }`, `{ vulnerabilities: [...] }`). Only the element being
// read is held, so a feed document of any size parses in bounded memory. Each element is parsed
// with JSON.parse; the structure around them (brackets, commas, the object's other members) is
// checked here and the rest of the top-level object is parsed at the end, so a malformed
// document is refused as JSON.parse would refuse it, only possibly after some elements.

export class JsonSyntaxError extends Error {}

export interface JsonItem {
  kind: 'item';
  /** The key of the array the element belongs to, or null for a top-level array. */
  from: string | null;
  value: unknown;
}

export interface JsonEnd {
  kind: 'end';
  /** The top-level value with the streamed array emptied (`{ vulns: [] }`, `[]`), or the whole value when nothing was streamed. */
  rest: unknown;
  /** The key whose array was streamed, null for a top-level array, undefined when none was. */
  streamed: string | null | undefined;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const LBRACE = 123;
const RBRACE = 125;
const LBRACKET = 91;
const RBRACKET = 93;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

type ElementKind = 'container' | 'string' | 'scalar';

export async function* jsonItems(chunks: AsyncIterable<Uint8Array | string>, arrayKeys: readonly string[]): AsyncGenerator<JsonItem | JsonEnd> {
  const decoder = new TextDecoder('utf-8');
  const stack: number[] = [];
  let inString = false;
  let escaped = false;
  let started = false;
  let ended = false;
  // The streamed array: its elements sit at `elemDepth` (-1 until one is open).
  let elemDepth = -1;
  let streamed: string | null | undefined;
  let streamDone = false;
  // Between elements: true once an element ended (a comma or the closing bracket must follow),
  // and after a comma (an element must follow).
  let needComma = false;
  let needElement = false;
  // The element being read, possibly across chunks.
  let elemKind: ElementKind | null = null;
  let elemParts: string[] = [];
  let elemStart = -1;
  // The top-level text outside the streamed array (kept from `restFrom` of the current chunk; -1 inside the array).
  const rest: string[] = [];
  let restFrom = 0;
  // Keys of the top-level object: a string in key position at depth 1, and the last one read.
  let expectKey = false;
  let keyParts: string[] | null = null;
  let keyStart = -1;
  let lastKey: string | null = null;
  let afterColon = false;

  const fail = (m: string): never => {
    throw new JsonSyntaxError(m);
  };

  function* feed(s: string): Generator<JsonItem> {
    restFrom = elemDepth >= 0 && !streamDone ? -1 : 0;
    if (elemKind) elemStart = 0;
    if (keyParts) keyStart = 0;
    const endElement = (to: number): JsonItem => {
      elemParts.push(s.slice(elemStart, to));
      const text = elemParts.join('');
      elemParts = [];
      elemKind = null;
      elemStart = -1;
      needComma = true;
      try {
        return { kind: 'item', from: streamed ?? null, value: JSON.parse(text) };
      } catch (e) {
        throw new JsonSyntaxError((e as Error).message);
      }
    };
    const startElement = (at: number, kind: ElementKind) => {
      if (needComma) fail(`Expected ',' or ']' at element boundary`);
      elemKind = kind;
      elemStart = at;
      needElement = false;
    };
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (elemKind === 'string' && stack.length === elemDepth) yield endElement(i + 1);
          else if (keyParts) {
            keyParts.push(s.slice(keyStart, i + 1));
            lastKey = JSON.parse(keyParts.join('')) as string;
            keyParts = null;
            keyStart = -1;
          }
        }
        continue;
      }
      if (ended) {
        if (!isSpace(c)) fail('Unexpected text after the JSON document');
        continue;
      }
      if (elemKind === 'scalar' && stack.length === elemDepth && (c === COMMA || c === RBRACKET || isSpace(c))) yield endElement(i);
      if (isSpace(c)) continue;
      const depth = stack.length;
      const atElements = depth === elemDepth && !streamDone;
      // (A top-level scalar is left to the final JSON.parse of the rest.)
      started = true;
      switch (c) {
        case QUOTE:
          inString = true;
          if (atElements && !elemKind) startElement(i, 'string');
          else if (depth === 1 && stack[0] === LBRACE && expectKey && elemDepth < 0) {
            keyParts = [];
            keyStart = i;
            expectKey = false;
          }
          afterColon = false;
          break;
        case LBRACE:
        case LBRACKET:
          if (atElements && !elemKind) startElement(i, 'container');
          else if (depth === 0 && c === LBRACKET) {
            // A top-level array: its elements are the stream.
            elemDepth = 1;
            streamed = null;
            rest.push('[');
            restFrom = -1;
          } else if (depth === 1 && stack[0] === LBRACE && c === LBRACKET && afterColon && streamed === undefined && lastKey !== null && arrayKeys.includes(lastKey)) {
            elemDepth = 2;
            streamed = lastKey;
            rest.push(s.slice(restFrom, i + 1));
            restFrom = -1;
          }
          if (depth === 0 && c === LBRACE) expectKey = true;
          stack.push(c);
          afterColon = false;
          break;
        case RBRACE:
        case RBRACKET: {
          const open = stack.pop();
          if (open !== (c === RBRACE ? LBRACE : LBRACKET)) fail(`Unexpected '${String.fromCharCode(c)}'`);
          const now = stack.length;
          if (elemKind === 'container' && now === elemDepth) yield endElement(i + 1);
          else if (now === elemDepth - 1 && !streamDone && elemDepth >= 0) {
            // The streamed array closes.
            if (needElement) fail(`Unexpected ']' after ','`);
            streamDone = true;
            restFrom = i;
          }
          if (now === 0) ended = true;
          afterColon = false;
          break;
        }
        case COMMA:
          if (atElements) {
            if (!needComma) fail(`Unexpected ','`);
            needComma = false;
            needElement = true;
          } else if (depth === 1 && stack[0] === LBRACE) expectKey = true;
          afterColon = false;
          break;
        case COLON:
          afterColon = depth === 1;
          break;
        default:
          if (atElements && !elemKind) startElement(i, 'scalar');
          afterColon = false;
      }
    }
    if (elemKind && elemStart >= 0) elemParts.push(s.slice(elemStart));
    if (keyParts && keyStart >= 0) keyParts.push(s.slice(keyStart));
    if (restFrom >= 0) rest.push(s.slice(restFrom));
  }

  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* feed(text);
  }
  yield* feed(decoder.decode());
  if (!started || stack.length > 0 || inString) fail('Unexpected end of JSON input');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rest.join(''));
  } catch (e) {
    throw new JsonSyntaxError((e as Error).message);
  }
  yield { kind: 'end', rest: parsed, streamed };
}
