import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** One recorded Stripe API exchange: the request it answers and Stripe's answer. */
export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path without the query, e.g. /v1/subscriptions/sub_1QX... */
  path: string;
  status?: number;
  /** A fixture file in test/fixtures/stripe (Stripe's JSON answer), or the body itself. */
  fixture?: string;
  body?: unknown;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  /** Query string (GET) or form body (POST), as Stripe's API receives them. */
  params: URLSearchParams;
  authorization: string | undefined;
}

const fixtures = path.join(__dirname, 'fixtures', 'stripe');

export function stripeFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));
}

/**
 * A local HTTP server standing in for api.stripe.com: it answers each
 * request with the next recorded exchange for that method and path, and
 * keeps what it received, so a test can check what the SDK sent. Nothing
 * reaches the network.
 */
export class StripeReplay {
  readonly received: ReceivedRequest[] = [];
  readonly unexpected: string[] = [];
  private queue: Exchange[] = [];
  private server?: Server;

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stripe.test');
        const method = req.method ?? 'GET';
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          method,
          path: url.pathname,
          params: method === 'GET' ? url.searchParams : new URLSearchParams(body),
          authorization: req.headers.authorization,
        });
        const index = this.queue.findIndex((e) => e.method === method && e.path === url.pathname);
        const exchange = index >= 0 ? this.queue.splice(index, 1)[0] : undefined;
        if (!exchange) {
          this.unexpected.push(`${method} ${url.pathname}`);
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'no recorded answer' } }));
          return;
        }
        const answer = exchange.fixture ? stripeFixture(exchange.fixture) : exchange.body;
        res.writeHead(exchange.status ?? 200, {
          'content-type': 'application/json',
          'request-id': `req_replay${this.received.length}`,
        });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return {
      host: '127.0.0.1',
      port: (this.server.address() as AddressInfo).port,
      protocol: 'http',
    };
  }

  /** Queues the answers for the next requests. */
  expect(...exchanges: Exchange[]): void {
    this.queue.push(...exchanges);
  }

  /** Exchanges queued but never asked for. */
  pending(): string[] {
    return this.queue.map((e) => `${e.method} ${e.path}`);
  }

  /** The last request to a path, with its parameters. */
  last(method: string, pathname: string): ReceivedRequest | undefined {
    return [...this.received].reverse().find((r) => r.method === method && r.path === pathname);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
