import { randomUUID } from 'node:crypto';

export { freePort, freePortRange, portIsFree } from '@chorus/launcher/ports';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function api<T = Record<string, unknown>>(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(base + path, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: body as T };
}

export interface Customer {
  token: string;
  productId: string;
}

/** A new customer whose product has `personas` personas selected. */
export async function customer(base: string, personas = 0): Promise<Customer> {
  const registered = await api<{ token: string; product: { id: string } }>(
    base,
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `fault-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Fay',
        lastName: 'Ult',
        productName: 'Lantern',
        productDescription: 'Smart lights',
        industry: 'technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  if (personas > 0) {
    const templates = await api<{ id: string }[]>(base, '/api/persona-templates', { token });
    for (const template of templates.body.slice(0, personas)) {
      const added = await api(base, `/api/products/${productId}/personas`, {
        method: 'POST',
        token,
        body: { templateId: template.id },
      });
      if (added.status !== 201) throw new Error(`persona: ${added.status}`);
    }
  }
  return { token, productId };
}

/** The message the gateway gives when a service is down or slow. */
export const unavailableMessage =
  'The service is temporarily unavailable. Please try again in a moment.';

/**
 * Requests sent over and over by `workers` loops until stop(); every answer's
 * status and message is counted, so a test can wait for the first 503 or the
 * first 200 after it, and check there never was anything else.
 */
export class LoadLoop {
  readonly statuses = new Map<string, number>();
  private running = true;
  private readonly loops: Promise<void>[];
  private readonly waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(send: () => Promise<Answer<unknown>>, workers: number) {
    this.loops = Array.from({ length: workers }, async () => {
      while (this.running) {
        let key: string;
        try {
          const answer = await send();
          const message = (answer.body as { message?: string } | undefined)?.message;
          key = answer.status === 200 ? '200' : `${answer.status} ${message ?? ''}`;
        } catch (error) {
          key = `network error ${(error as Error).message}`;
        }
        this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
        for (const waiter of [...this.waiters]) {
          if (waiter.check()) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      }
    });
  }

  count(key: string): number {
    return this.statuses.get(key) ?? 0;
  }

  /** Resolves once `check` holds after an answer. */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ check, resolve }));
  }

  async stop(): Promise<Record<string, number>> {
    this.running = false;
    await Promise.all(this.loops);
    return Object.fromEntries(this.statuses);
  }
}
