import { describe, expect, it } from 'vitest';
import { readBundleRequest } from './read-bundle-request';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/api/v1/scripts/bundle/import', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

describe('readBundleRequest', () => {
  it('parses JSON under the cap and treats an empty body as {}', async () => {
    expect(await readBundleRequest(post('{"a":1}'), 100)).toEqual({ a: 1 });
    expect(await readBundleRequest(post(''), 100)).toEqual({});
  });
  it('refuses a declared length over the cap, and an undeclared one once it passes the cap', async () => {
    await expect(readBundleRequest(post('{}', { 'content-length': '101' }), 100)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        if (pulled > 50) c.close();
        else c.enqueue(new Uint8Array(40));
      },
    });
    await expect(readBundleRequest(post(stream), 100)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(10);
  });
  it('malformed JSON is a 400', async () => {
    await expect(readBundleRequest(post('{oops'), 100)).rejects.toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });
});
