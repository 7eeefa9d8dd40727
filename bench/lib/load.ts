// Loading a running Chorus as a reader: a customer who owns some products,
// JSON calls to seed them, and autocannon under load with the server's CPU
// time read from /proc. Shared by the monolith comparison and the profile.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process and its children have used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) * 10;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number);
  return children.reduce((sum, child) => sum + cpuMs(child), own);
}

export interface Load {
  requestsPerSecond: number;
  /** Server CPU per answered request: what the load costs, less sensitive to a busy machine. */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
}

/** Autocannon on `url` as the bearer of `token` for `seconds` at `connections`, with `pid`'s CPU. */
export async function load(
  url: string,
  token: string,
  seconds: number,
  pid: number,
  connections: number,
): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    requestsPerSecond: result.requests.average,
    cpuPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A paying customer with `products` products (the first made at registration); their token and product ids. */
export async function customer(url: string, name: string, products: number) {
  const registered = await json<{ token: string; product: { id: string } }>(
    `${url}/api/auth/register`,
    {
      method: 'POST',
      body: JSON.stringify({
        email: `bench-${name}-${randomUUID()}@example.com`,
        password: 'bench-password',
        firstName: name,
        lastName: 'Bench',
        productName: `${name} 1`,
        productDescription: 'Smart lights',
        industry: 'technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      }),
    },
  );
  const { token } = registered;
  const ids = [registered.product.id];
  for (let n = 2; n <= products; n++) {
    const made = await json<{ id: string }>(`${url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `${name} ${n}`,
        description: 'For the benchmark',
        industry: 'retail',
      }),
    });
    ids.push(made.id);
  }
  return { token, productIds: ids };
}
