import { csvMessages, type PaidAction } from '@chorus/contracts';
import { nameHttpRoute } from '@chorus/service-kit';
import parseBytes from 'bytes';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { type z } from 'zod';
import type { AccessAuthority, ProductAccess, ProductNeed } from './access';
import type { Authenticator, Principal } from './auth';
import { HttpError } from './http-errors';
import type { Idempotency, RouteAnswer } from './idempotency';

/** Who may call a route. */
type Access = 'public' | 'user' | 'admin';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteContext<B, P, Q> {
  req: Request;
  res: Response;
  body: B;
  params: P;
  query: Q;
  /** The signed-in customer (routes with access 'user'). */
  user: Principal;
  /** The signed-in operator (routes with access 'admin'). */
  admin: Principal;
  /**
   * Who the user is on the route's product (routes declaring `product`):
   * downstream services are called as `access.ownerId`; `user` stays who did it.
   */
  access: ProductAccess;
}

interface RouteDefinition<
  B extends Schema | undefined,
  P extends Schema | undefined,
  Q extends Schema | undefined,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path, e.g. /api/products/:id */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  params?: P;
  query?: Q;
  /** Status of a successful answer (200 unless said). */
  status?: number;
  /** Largest accepted JSON body, e.g. '6mb' for YAML imports; the default applies otherwise. */
  bodyLimit?: string;
  /** Keep the body as raw bytes (webhook signatures are computed over them). */
  rawBody?: boolean;
  /**
   * Work only a paid product may do (the entitlement rule): documented as a
   * possible 402 and enforced before the handler, with the product the
   * access check read (a paid route is product-scoped).
   */
  paidAction?: PaidAction;
  /**
   * A product-scoped route: where its product comes from and the lowest role
   * it needs. Checked before the handler (404 for no access, 403 with what
   * the route needs for a lower role); the handler gets `ctx.access`.
   */
  product?: ProductNeed;
  /**
   * Also accept the access token as the access_token query parameter: only
   * for event streams, which the browser's EventSource opens without headers.
   */
  tokenInQuery?: boolean;
  /**
   * Takes an Idempotency-Key header: the same key (per signed-in user, for
   * 24 hours) with the same request answers the first answer again without
   * doing the work twice. For creates that cost money or make a visible
   * thing; the handler must answer JSON (or nothing).
   */
  idempotent?: boolean;
  /** Runs after the body is parsed and before validation, e.g. rate limits. */
  before?: RequestHandler[];
  /** Answers that are not JSON (files, streams) write to ctx.res and return undefined. */
  handler: (context: RouteContext<Infer<B>, Infer<P>, Infer<Q>>) => Promise<unknown>;
}

/** Refuses (402) work the product's subscription does not pay for. */
type Entitlement = (access: ProductAccess, action: PaidAction) => Promise<void>;

/** What the OpenAPI document needs to know about a route. */
export interface RouteDescription {
  method: string;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  status: number;
  body?: Schema;
  params?: Schema;
  query?: Schema;
  rawBody?: boolean;
  paidAction?: PaidAction;
  product?: ProductNeed;
  idempotent?: boolean;
}

/** The message of the first problem, in the words the schema gave it. */
function validationMessage(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return where === 'body' ? 'Request body must be a JSON object' : `Invalid ${where}`;
  }
  return issue.message;
}

/** Whether any text in a value holds a NUL character, which PostgreSQL cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((entry) => holdsNul(entry, depth + 1));
}

const nulMessage = 'Text must not contain NUL characters';

function parse<S extends Schema | undefined>(schema: S, value: unknown, where: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  // No stored id holds a NUL, and no text field may: refused here, before a
  // service's database rejects the bytes as an internal error.
  if (holdsNul(value)) {
    if (where === 'path parameter') throw new HttpError(404, 'Not found');
    // An uploaded file with NUL bytes is a picture or another binary file, not a CSV table.
    const csv = (value as { csv?: unknown } | null)?.csv;
    throw new HttpError(400, holdsNul(csv) ? csvMessages.notText : nulMessage);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, validationMessage(result.error, where));
  return result.data as Infer<S>;
}

/**
 * Every documented route is declared through here, once: the same
 * declaration mounts it in Express (body parsing, limits, validation,
 * authentication) and describes it in the OpenAPI document, so the two
 * cannot drift apart. Handlers stay thin: validate, call, map.
 */
export class ApiRoutes {
  readonly router = Router();
  readonly descriptions: RouteDescription[] = [];

  constructor(
    private readonly authenticator: Authenticator,
    private readonly defaultBodyLimit: string,
    private readonly authority?: AccessAuthority,
    private readonly idempotency?: Idempotency,
    private readonly entitlement?: Entitlement,
    /** Told after each write of a signed-in user, answered or refused, before the answer goes. */
    private readonly userWrote?: (userId: string) => Promise<void>,
  ) {}

  add<
    B extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
  >(route: RouteDefinition<B, P, Q>): void {
    const status = route.status ?? 200;
    const need = route.product;
    const authority = this.authority;
    if (need && (route.access !== 'user' || !authority)) {
      throw new Error(
        `${route.path}: a product-scoped route needs a signed-in user and the access authority`,
      );
    }
    const entitlement = this.entitlement;
    const paidAction = route.paidAction;
    if (paidAction && (!need || !entitlement)) {
      throw new Error(`${route.path}: a paid route needs a product and the entitlement check`);
    }
    const idempotency = route.idempotent ? this.idempotency : undefined;
    if (route.idempotent && (route.access === 'public' || route.rawBody || !idempotency)) {
      // Keys are kept per signed-in person; a signed-out write has nobody to keep them for.
      throw new Error(`${route.path}: an idempotent route needs a signed-in caller and the store`);
    }
    this.descriptions.push({
      method: route.method,
      path: route.path,
      summary: route.summary,
      tag: route.tag,
      access: route.access,
      status,
      body: route.body,
      params: route.params,
      query: route.query,
      rawBody: route.rawBody,
      paidAction: route.paidAction,
      product: route.product,
      idempotent: route.idempotent,
    });
    const limit = route.bodyLimit ?? this.defaultBodyLimit;
    const bodyParser = route.rawBody
      ? express.raw({ type: '*/*', limit })
      : express.json({ limit });
    const handle: RequestHandler = async (req, res) => {
      nameHttpRoute(route.path);
      const principal =
        route.access === 'user'
          ? await this.authenticator.user(req, { tokenInQuery: route.tokenInQuery })
          : route.access === 'admin'
            ? await this.authenticator.admin(req)
            : undefined;
      const params = parse(route.params as P, req.params, 'path parameter');
      // Who the user is on the product comes before the body is judged: a
      // stranger learns nothing, not even which fields were wrong.
      const access =
        need && authority && principal
          ? await authority.resolve(need, req.params as Record<string, string>, principal.id)
          : undefined;
      const context: RouteContext<Infer<B>, Infer<P>, Infer<Q>> = {
        req,
        res,
        body: route.rawBody
          ? (req.body as Infer<B>)
          : parse(route.body as B, req.body ?? {}, 'body'),
        params,
        query: parse(route.query as Q, req.query, 'query parameter'),
        get user(): Principal {
          if (route.access !== 'user' || !principal) throw new HttpError(401, 'Unauthorized');
          return principal;
        },
        get admin(): Principal {
          if (route.access !== 'admin' || !principal) throw new HttpError(401, 'Unauthorized');
          return principal;
        },
        get access(): ProductAccess {
          if (!access) throw new Error(`${route.path} declares no product`);
          return access;
        },
      };
      const work = async (): Promise<RouteAnswer | undefined> => {
        if (paidAction && entitlement && access) await entitlement(access, paidAction);
        const result = await route.handler(context);
        // A handler that wrote its own answer (a file, a stream) has nothing to give back.
        if (res.headersSent) return undefined;
        return result !== undefined
          ? { status, body: result }
          : { status: status === 200 ? 204 : status };
      };
      // Only once the request is known to be allowed and well formed does a
      // key count: a refused request stores nothing, as with Stripe.
      const wrote = route.access === 'user' && route.method !== 'get' ? this.userWrote : undefined;
      let answer: RouteAnswer | undefined;
      try {
        answer =
          idempotency && principal
            ? await idempotency.run(req, res, principal.id, work)
            : await work();
      } finally {
        // Even a refused write may have changed something before it failed.
        if (wrote && principal) await wrote(principal.id);
      }
      if (!answer || res.headersSent) return;
      if (answer.body !== undefined) res.status(answer.status).json(answer.body);
      else res.status(answer.status).end();
    };
    this.router[route.method](
      route.path,
      refuseDeclaredOversize(limit),
      bodyParser,
      ...(route.before ?? []),
      handle,
    );
  }
}

/**
 * A body whose declared length passes the route's limit is refused at once,
 * before any of it is read; Node discards whatever the client still sends
 * (the body parser would refuse it too, but only once all of it had arrived).
 */
function refuseDeclaredOversize(limit: string): RequestHandler {
  const maxBytes = parseBytes.parse(limit) ?? Number.POSITIVE_INFINITY;
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    next(declared > maxBytes ? new HttpError(413, 'Request body is too large') : undefined);
  };
}
