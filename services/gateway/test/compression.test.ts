import express from 'express';
import { request, type IncomingMessage, type Server } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startEventStream } from '../src/sse';
import { compressResponses, createWebApp, securityHeaders } from '../src/web';

// The gateway's order (app.ts): security headers, compression, the API, the web app.
let server: Server;
let port: number;
/** What a built share-page script looks like: a large, repetitive bundle. */
const script = Array.from(
  { length: 4000 },
  (_, i) =>
    `function component${i}(props){return createElement("div",{className:"row"},props.children)}`,
).join('\n');
const products = Array.from({ length: 200 }, (_, i) => ({
  id: `product-${i}`,
  name: `Product ${i}`,
  description: 'A product that customers rate on the roadmap page.',
}));
let sendEvent: (() => void) | undefined;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'gateway-compression-'));
  const shellDir = path.join(root, 'shell');
  const shareDir = path.join(root, 'share');
  await mkdir(shellDir);
  await mkdir(shareDir);
  await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>Chorus</title>');
  await writeFile(path.join(shareDir, 'index.html'), '<!doctype html><title>Share</title>');
  await writeFile(path.join(shareDir, 'main.0123456789.js'), script);
  await writeFile(path.join(shareDir, 'logo.0123456789.png'), Buffer.alloc(4096, 7));

  const web = createWebApp({ shellDir, remoteDirs: { share: shareDir } });
  const app = express();
  app.use(securityHeaders(web, 'http://localhost:8080'));
  app.use(compressResponses());
  app.get('/api/products', (_req, res) => {
    res.json({ products });
  });
  app.get('/api/stream', (_req, res) => {
    startEventStream(res);
    res.write(': connected\n\n');
    sendEvent = () =>
      res.write(`event: answer\ndata: ${JSON.stringify({ text: 'x'.repeat(20) })}\n\n`);
  });
  app.use(web.router);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The answer as it crosses the wire: headers and the bytes, not decoded. */
function get(
  pathname: string,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the gateway compressing its answers', () => {
  it('sends a built script gzipped when the browser accepts gzip, at a fraction of its size', async () => {
    const { response, body } = await get('/mfe/share/main.0123456789.js', {
      'accept-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it('prefers brotli when the browser offers it', async () => {
    const { response } = await get('/mfe/share/main.0123456789.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends API JSON gzipped, and plain to a client that asks for no encoding', async () => {
    const gzipped = await get('/api/products', { 'accept-encoding': 'gzip' });
    expect(gzipped.response.headers['content-encoding']).toBe('gzip');
    expect(gzipped.response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual({ products });

    const plain = await get('/api/products', {});
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual({ products });
  });

  it('leaves images alone: they are compressed already', async () => {
    const { response, body } = await get('/mfe/share/logo.0123456789.png', {
      'accept-encoding': 'gzip',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(body.length).toBe(4096);
  });

  it('never holds back server-sent events: each arrives as it is written, uncompressed', async () => {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/stream',
          headers: { 'accept-encoding': 'gzip, br', accept: 'text/event-stream' },
        },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();

    let received = '';
    const arrived = (text: string) =>
      new Promise<number>((resolve) => {
        const sent = Date.now();
        const onData = (chunk: Buffer) => {
          received += chunk.toString();
          if (received.includes(text)) {
            response.off('data', onData);
            resolve(Date.now() - sent);
          }
        };
        response.on('data', onData);
      });
    const first = arrived('event: answer');
    sendEvent!();
    // A compressor would sit on a 60-byte event until the stream ends.
    expect(await first).toBeLessThan(1000);
    expect(received).toContain('data: {"text":"xxxxxxxxxxxxxxxxxxxx"}');
    response.destroy();
  });
});
