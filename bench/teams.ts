// My Products for a team member against its owner's, on the same run: GET
// /api/products for the owner of 5 products, and for a member of 5 products
// five other owners shared with them (invited by e-mail, the link read from
// the log as a developer would, the account made from the first invitation,
// the others accepted). At BENCH_CONNECTIONS (200) concurrent connections
// with autocannon, on the embedded run (`npm start`), after a 3 s warm-up
// each: three rounds of BENCH_DURATION / 2 seconds (5) for the owner and the
// member in turn, so a busy moment of the machine falls on both. Reported:
// the median round's requests/s, p50/p99, the member's throughput against
// the owner's. Asserts nothing.
// Run: npm run build && npm run bench -- teams
import { spawnChorus } from '@chorus/launcher/spawn';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchRow } from './lib/report';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const PRODUCTS = 5;
const ROUNDS = 3;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function load(url: string, token: string, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A paying customer with one product; their token and product id. */
async function customer(url: string, name: string) {
  const registered = await json<{ token: string; product: { id: string } }>(
    `${url}/api/auth/register`,
    {
      method: 'POST',
      body: JSON.stringify({
        email: `bench-${name}-${randomUUID()}@example.com`,
        password: 'bench-password',
        firstName: name,
        lastName: 'Bench',
        productName: name,
        industry: 'technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      }),
    },
  );
  return { token: registered.token, productId: registered.product.id };
}

/** The token of the invitation link identity logged for this address (no SMTP configured). */
async function loggedToken(logFile: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const lines = (await readFile(logFile, 'utf8')).split('\n').reverse();
    const line = lines.find((l) => l.includes(email) && l.includes('/invitations/'));
    const token = line?.match(/\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no invitation link logged for ${email}`);
}

export async function measure(): Promise<BenchRow[]> {
  const logFile = path.join(await mkdtemp(path.join(tmpdir(), 'bench-teams-')), 'chorus.log');
  const chorus = await spawnChorus({ logFile });
  try {
    const { url } = chorus;
    // The owner: five products of their own.
    const owner = await customer(url, 'Owner');
    for (let n = 1; n < PRODUCTS; n++) {
      await json(`${url}/api/products`, {
        method: 'POST',
        token: owner.token,
        body: JSON.stringify({ name: `Owned ${n}`, industry: 'retail' }),
      });
    }
    // The member: five products of five other owners, shared with them.
    const email = `bench-member-${randomUUID()}@example.com`;
    let memberToken = '';
    for (let n = 0; n < PRODUCTS; n++) {
      const sharer = await customer(url, `Sharer${n}`);
      await json(`${url}/api/products/${sharer.productId}/team/invitations`, {
        method: 'POST',
        token: sharer.token,
        body: JSON.stringify({ email, role: 'collaborator' }),
      });
      const invitation = await loggedToken(logFile, email);
      if (!memberToken) {
        const registered = await json<{ token: string }>(
          `${url}/api/invitations/${invitation}/register`,
          {
            method: 'POST',
            body: JSON.stringify({
              email,
              password: 'bench-password',
              firstName: 'Member',
              lastName: 'Bench',
            }),
          },
        );
        memberToken = registered.token;
      } else {
        await json(`${url}/api/invitations/${invitation}/accept`, {
          method: 'POST',
          token: memberToken,
        });
      }
    }
    const listed = await json<{ sharedWithYou: boolean }[]>(`${url}/api/products`, {
      token: memberToken,
    });
    if (listed.length !== PRODUCTS || !listed.every((p) => p.sharedWithYou)) {
      throw new Error(`the member sees ${listed.length} products, not ${PRODUCTS} shared ones`);
    }

    const products = `${url}/api/products`;
    await load(products, owner.token, 3);
    await load(products, memberToken, 3);
    const rounds = { owned: [] as Load[], shared: [] as Load[] };
    const seconds = Math.max(3, Math.round(duration / 2));
    for (let round = 0; round < ROUNDS; round++) {
      rounds.owned.push(await load(products, owner.token, seconds));
      rounds.shared.push(await load(products, memberToken, seconds));
    }
    const middle = (loads: Load[]) =>
      [...loads].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
        Math.floor(loads.length / 2)
      ]!;
    const owned = middle(rounds.owned);
    const shared = middle(rounds.shared);
    const ratio = shared.requestsPerSecond / owned.requestsPerSecond;
    const describe = (l: Load) =>
      `p50 ${l.p50} ms, p99 ${l.p99} ms; ${l.failed} failed; median of ${ROUNDS} rounds of ${seconds} s, ${connections} connections`;
    return [
      {
        area: 'teams',
        metric: `GET /api/products, owner of ${PRODUCTS} products`,
        value: owned.requestsPerSecond,
        unit: 'req/s',
        note: describe(owned),
      },
      {
        area: 'teams',
        metric: `GET /api/products, member of ${PRODUCTS} shared products`,
        value: shared.requestsPerSecond,
        unit: 'req/s',
        budget: "≥ 90 % of the owner's",
        withinBudget: ratio >= 0.9,
        note: `${(ratio * 100).toFixed(0)} % of the owner's on the same run; ${describe(shared)}`,
      },
    ];
  } finally {
    await chorus.stop();
  }
}
