import type { ListProductsRequest, ListProductsResponse } from '@chorus/proto/catalog/v1/products';
import type { GetAccessRequest, GetAccessResponse } from '@chorus/proto/catalog/v1/teams';
import { copyMessage, type Logger, ReadVersions } from '@chorus/service-kit';
import { LRUCache } from 'lru-cache';
import type { CatalogClient } from './catalog';

/** An answer kept with the read versions it was read under. */
interface Kept<T> {
  /** The versions (ReadVersions keys) the answer depends on. */
  keys: string[];
  /** Their values read before the answer was; null when this entry only remembers keys. */
  values: (string | null)[] | null;
  answer: T;
}

interface CatalogReadsOptions {
  versions: ReadVersions;
  logger: Logger;
  /** Answers kept per kind (least recently read go first). */
  max?: number;
  /** An upper bound on staleness should a change ever fail to set its version. */
  ttlMs?: number;
  /** How often to look whether the catalog sets versions (ReadVersions.writing). */
  checkMs?: number;
}

const sameValues = (a: (string | null)[], b: (string | null)[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The catalog's two busiest reads, My Products (ListProducts) and the access
 * check before every product route (GetAccess), kept in the gateway when the
 * catalog is across the network, so that a repeated read costs one Redis
 * round trip instead of a gRPC call.
 *
 * An answer is kept with the read versions (ReadVersions) it depends on,
 * read before the catalog was asked: the user's own products, memberships
 * and writes, and the products of each owner whose product it holds. The
 * catalog sets a product owner's or a member's version after every change
 * commits (a membership change before it answers); the gateway sets the
 * user's own version after every write the user makes through it, before it
 * answers. Each read compares the versions now with those kept, and asks the
 * catalog again on any difference, so a customer never reads what was there
 * before their own write, on any gateway replica. When an answer names an
 * owner whose version was not read before it, the answer is not kept, only
 * which versions to read first next time. When Redis does not answer, the
 * catalog is asked. Nothing is kept unless the catalog says it sets versions
 * (a catalog without Redis does not), and everything kept is dropped when it
 * stops saying so.
 */
export class CatalogReads {
  private readonly lists: LRUCache<string, Kept<ListProductsResponse>>;
  private readonly access: LRUCache<string, Kept<GetAccessResponse>>;
  /** Whether the catalog said lately that it sets versions. */
  private trusted = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CatalogReadsOptions) {
    const settings = { max: options.max ?? 10_000, ttl: options.ttlMs ?? 60_000 };
    this.lists = new LRUCache(settings);
    this.access = new LRUCache(settings);
  }

  /** Starts looking whether the catalog sets versions; resolves after the first look. */
  async start(): Promise<void> {
    await this.look();
    this.timer = setInterval(() => void this.look(), this.options.checkMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.distrust();
  }

  private async look(): Promise<void> {
    const writing = await this.options.versions.writing().catch(() => false);
    if (!writing) this.distrust();
    this.trusted = writing;
  }

  private distrust(): void {
    this.trusted = false;
    this.lists.clear();
    this.access.clear();
  }

  /** The catalog client with its two reads kept here; every other call goes through. */
  wrap(catalog: CatalogClient): CatalogClient {
    return {
      ...catalog,
      listProducts: (request: ListProductsRequest, settings) =>
        this.read(
          this.lists,
          request.userId,
          ownKeys(request.userId),
          () => catalog.listProducts(request, settings),
          (answer) =>
            keysOf(
              request.userId,
              answer.products.map((product) => product.userId),
            ),
        ),
      getAccess: (request: GetAccessRequest, settings) =>
        // A roadmap's routes depend on the roadmap's shares, which are not versioned.
        request.roadmapId
          ? catalog.getAccess(request, settings)
          : this.read(
              this.access,
              `${request.userId} ${request.productId}`,
              ownKeys(request.userId),
              () => catalog.getAccess(request, settings),
              (answer) => keysOf(request.userId, answer.product ? [answer.product.userId] : []),
            ),
    };
  }

  /**
   * Marks everything the user reads as changed: called after each of their
   * writes. Should Redis not take it, nothing is kept any more until the
   * catalog is seen setting versions again.
   */
  async userWrote(userId: string): Promise<void> {
    await this.options.versions.bump('user', userId).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'read versions: a write was not recorded');
      this.distrust();
    });
  }

  private async read<T>(
    entries: LRUCache<string, Kept<T>>,
    id: string,
    initialKeys: string[],
    fetch: () => Promise<T>,
    keysNeeded: (answer: T) => string[],
  ): Promise<T> {
    if (!this.trusted) return fetch();
    const kept = entries.get(id);
    const keys = kept?.keys ?? initialKeys;
    let values: (string | null)[];
    try {
      values = await this.options.versions.read(keys);
    } catch (error) {
      this.options.logger.debug({ err: error }, 'read versions unavailable; asking the catalog');
      return fetch();
    }
    if (kept?.values && sameValues(kept.values, values)) return copyMessage(kept.answer);
    const answer = await fetch();
    if (!this.trusted) return answer;
    const needed = keysNeeded(answer);
    const positions = needed.map((key) => keys.indexOf(key));
    entries.set(id, {
      keys: needed,
      values: positions.every((at) => at >= 0) ? positions.map((at) => values[at] ?? null) : null,
      answer: copyMessage(answer),
    });
    return answer;
  }
}

/** What every answer for the user depends on. */
const ownKeys = (userId: string) => [
  ReadVersions.key('user', userId),
  ReadVersions.key('memberships', userId),
  ReadVersions.key('products', userId),
];

/** The user's own keys and the products of every other owner named. */
function keysOf(userId: string, owners: string[]): string[] {
  const others = [...new Set(owners)].filter((owner) => owner !== userId);
  return [...ownKeys(userId), ...others.map((owner) => ReadVersions.key('products', owner))];
}
