import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/route-walks.mjs: each route's walk, computed from the code, at
// most five files, and the documented walks written as computed. Run on a
// small repository of its own: a gateway route, its workflow and typed
// client, a service's RPC handler, operation and store.
const root = path.resolve(__dirname, '../../..');
const LINT_TIMEOUT_MS = 120_000;

/** The mini repository, file by file. */
const repository: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'preserve',
      moduleResolution: 'bundler',
      strict: true,
      noEmit: true,
    },
  }),
  'walks.json': JSON.stringify({ documented: ['POST /api/orders'], baseline: {} }),
  'packages/kit/src/index.ts': `
export type PromiseClient<C> = { [K in keyof C]: C[K] } & { close(): void };
export type ServiceImplementation<D> = {
  [K in keyof D]: D[K] extends { request: infer Q; response: infer R }
    ? (request: Q) => Promise<R>
    : never;
};
`,
  'proto/src/gen/shop/v1/shop.ts': `
export interface OrderItemRequest { userId: string; item: string }
export interface OrderItemResponse { id: string }
export const ShopServiceService = {
  orderItem: {
    path: '/shop.v1.ShopService/OrderItem',
    request: {} as OrderItemRequest,
    response: {} as OrderItemResponse,
  },
} as const;
export interface ShopServiceClient {
  orderItem(request: OrderItemRequest): Promise<OrderItemResponse>;
}
`,
  'services/gateway/src/routing.ts': `
export interface Route {
  method: string;
  path: string;
  handler: (context: { userId: string; body: { item: string } }) => Promise<unknown>;
}
export class ApiRoutes {
  readonly routes: Route[] = [];
  add(route: Route): void {
    this.routes.push(route);
  }
}
`,
  'services/gateway/src/clients/shop.ts': `
import type { PromiseClient } from '../../../../packages/kit/src';
import type { ShopServiceClient } from '../../../../proto/src/gen/shop/v1/shop';
export type ShopClient = PromiseClient<ShopServiceClient>;
`,
  'services/gateway/src/order-views.ts': `
export const toOrderView = (id: string) => ({ id });
`,
  'services/gateway/src/workflows/orders.ts': `
import type { ShopClient } from '../clients/shop';
import { toOrderView } from '../order-views';
export async function placeOrder(shop: ShopClient, userId: string, item: string) {
  const { id } = await shop.orderItem({ userId, item });
  return toOrderView(id);
}
`,
  'services/gateway/src/routes/orders.ts': `
import type { ShopClient } from '../clients/shop';
import type { ApiRoutes } from '../routing';
import { placeOrder } from '../workflows/orders';
export function orderRoutes(routes: ApiRoutes, shop: ShopClient): void {
  routes.add({
    method: 'post',
    path: '/api/orders',
    handler: ({ userId, body }) => placeOrder(shop, userId, body.item),
  });
}
`,
  // The RPC's handler lives outside server.ts: the lint finds it by its type.
  'services/shop/src/order-handlers.ts': `
import type { ServiceImplementation } from '../../../packages/kit/src';
import type { ShopServiceService } from '../../../proto/src/gen/shop/v1/shop';
import type { Orders } from './orders';
export function orderHandlers(deps: {
  orders: Orders;
}): ServiceImplementation<typeof ShopServiceService> {
  return {
    async orderItem(request) {
      return { id: await deps.orders.order(request.userId, request.item) };
    },
  };
}
`,
  'services/shop/src/orders.ts': `
import type { OrderStore } from './store/orders';
export class Orders {
  constructor(private readonly deps: { store: OrderStore }) {}
  async order(userId: string, item: string): Promise<string> {
    if (!item.trim()) throw new Error('an item is required');
    return this.deps.store.insert(userId, item.trim());
  }
}
`,
  'services/shop/src/store/orders.ts': `
export class OrderStore {
  async insert(userId: string, item: string): Promise<string> {
    return userId + ':' + item;
  }
}
`,
};

/** The operation hands the insert to a module of its own: one file more on the way to the store. */
const pricing = {
  'services/shop/src/pricing.ts': `
import type { OrderStore } from './store/orders';
export async function storePriced(store: OrderStore, userId: string, item: string) {
  return store.insert(userId, item + ' (priced)');
}
`,
  'services/shop/src/orders.ts': `
import { storePriced } from './pricing';
import type { OrderStore } from './store/orders';
export class Orders {
  constructor(private readonly deps: { store: OrderStore }) {}
  async order(userId: string, item: string): Promise<string> {
    if (!item.trim()) throw new Error('an item is required');
    return storePriced(this.deps.store, userId, item.trim());
  }
}
`,
};

const fiveFiles = [
  'services/gateway/src/routes/orders.ts',
  'services/gateway/src/workflows/orders.ts',
  'services/shop/src/order-handlers.ts',
  'services/shop/src/orders.ts',
  'services/shop/src/store/orders.ts',
];

function write(repo: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
}

function lint(repo: string, ...args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync('node', ['tools/lint/route-walks.mjs', ...args], {
      cwd: root,
      env: {
        ...process.env,
        ROUTE_WALKS_ROOT: repo,
        ROUTE_WALKS_CONFIG: path.join(repo, 'walks.json'),
      },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Writes the doc with the walks the lint prints, as a maintainer would paste them. */
function documentAsComputed(repo: string): string {
  const { code, output } = lint(repo, '--markdown');
  expect(code).toBe(0);
  writeFileSync(path.join(repo, 'docs/architecture.md'), docWith(output));
  return output;
}

const docWith = (walks: string) =>
  `# Architecture\n\n## Route to rule\n\nHow requests go.\n\n### POST /api/orders\n\n${walks}\n## Events\n`;

describe('the route walks lint', () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'route-walks-'));
    write(repo, repository);
    mkdirSync(path.join(repo, 'docs'));
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it(
    'computes a five-file walk from the code and passes when the doc shows it',
    () => {
      const markdown = documentAsComputed(repo);
      const rows = markdown.split('\n').filter((line) => /^\| \d/.test(line));
      expect(rows).toEqual([
        '| 1 | `services/gateway/src/routes/orders.ts` | `handler` |  |',
        '| 2 | `services/gateway/src/workflows/orders.ts` | `placeOrder` | `order-views.ts`: `toOrderView` |',
        '| 3 | `services/shop/src/order-handlers.ts` | `ShopService.OrderItem` |  |',
        '| 4 | `services/shop/src/orders.ts` | `Orders.order` |  |',
        '| 5 | `services/shop/src/store/orders.ts` | `OrderStore.insert` |  |',
      ]);
      expect(markdown).toContain(
        `Longest chain, 5 files: ${fiveFiles.map((file) => `\`${file}\``).join(' -> ')}.`,
      );

      const result = lint(repo);
      expect(result.code).toBe(0);
      expect(result.output).toContain(`POST /api/orders: 5 files`);
      expect(result.output).toContain('1 documented as computed');
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'fails a walk of six files, naming the route and its files, and the doc left behind',
    () => {
      documentAsComputed(repo);
      write(repo, pricing);
      const result = lint(repo);
      expect(result.code).toBe(1);
      const six = [...fiveFiles.slice(0, 4), 'services/shop/src/pricing.ts', fiveFiles[4]];
      expect(result.output).toContain(
        `POST /api/orders: 6 files, more than 5: ${six.join(' -> ')}`,
      );
      expect(result.output).toContain(
        "docs/architecture.md: the walk of POST /api/orders differs from the code's",
      );
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'walks through a module two other modules import without counting it',
    () => {
      write(repo, {
        ...pricing,
        'services/shop/src/refunds.ts': `
import { storePriced } from './pricing';
import type { OrderStore } from './store/orders';
export const refund = (store: OrderStore, userId: string) => storePriced(store, userId, 'refund');
`,
      });
      const markdown = documentAsComputed(repo);
      expect(markdown).toContain('| shared | `services/shop/src/pricing.ts` | `storePriced` |  |');
      expect(markdown).toContain('Longest chain, 5 files:');
      expect(markdown).toContain('(`services/shop/src/pricing.ts`)');
      expect(lint(repo).code).toBe(0);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'fails when the doc is written by hand, or its walk is edited',
    () => {
      const markdown = documentAsComputed(repo);
      writeFileSync(
        path.join(repo, 'docs/architecture.md'),
        docWith(markdown.replace(/^\| 5 .*\n/m, '')),
      );
      expect(lint(repo).output).toContain('the walk of POST /api/orders differs');

      writeFileSync(
        path.join(repo, 'docs/architecture.md'),
        docWith(
          '| Step | File |\n| ---- | ---- |\n| 1 | `services/gateway/src/routes/orders.ts` |\n',
        ),
      );
      const result = lint(repo);
      expect(result.code).toBe(1);
      expect(result.output).toContain('docs/architecture.md: no walk for POST /api/orders');
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'fails another route longer than five files unless the baseline allows it, and a stale baseline',
    () => {
      documentAsComputed(repo);
      // The gateway side grows: the workflow hands the call to a module of its own.
      write(repo, {
        'services/gateway/src/reorder-basket.ts': `
import type { ShopClient } from './clients/shop';
export const orderAgain = (shop: ShopClient, userId: string) => shop.orderItem({ userId, item: 'again' });
`,
        'services/gateway/src/workflows/reorders.ts': `
import type { ShopClient } from '../clients/shop';
import { orderAgain } from '../reorder-basket';
export const reorder = (shop: ShopClient, userId: string) => orderAgain(shop, userId);
`,
        'services/gateway/src/routes/reorders.ts': `
import type { ShopClient } from '../clients/shop';
import type { ApiRoutes } from '../routing';
import { reorder } from '../workflows/reorders';
export function reorderRoutes(routes: ApiRoutes, shop: ShopClient): void {
  routes.add({ method: 'post', path: '/api/reorders', handler: ({ userId }) => reorder(shop, userId) });
}
`,
      });
      const failed = lint(repo);
      expect(failed.code).toBe(1);
      expect(failed.output).toContain('POST /api/reorders: 6 files, more than 5');

      const allow = (baseline: Record<string, number>) =>
        writeFileSync(
          path.join(repo, 'walks.json'),
          JSON.stringify({ documented: ['POST /api/orders'], baseline }),
        );
      allow({ 'POST /api/reorders': 6 });
      expect(lint(repo).code).toBe(0);

      allow({ 'POST /api/reorders': 5 });
      expect(lint(repo).output).toContain('longer than the 5 it had (BASELINE)');

      allow({ 'POST /api/reorders': 6, 'GET /api/gone': 7 });
      const stale = lint(repo);
      expect(stale.code).toBe(1);
      expect(stale.output).toContain('BASELINE names GET /api/gone');
    },
    LINT_TIMEOUT_MS,
  );
});
