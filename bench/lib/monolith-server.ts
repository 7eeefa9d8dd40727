// The monolith baseline of `npm run bench -- monolith`: one plain Express
// app answering GET /api/products and GET /api/products/:id straight from
// the catalog's PostgreSQL tables, with the gateway's token check (Ed25519,
// each token's signature checked once, as the gateway's Authenticator does),
// the catalog's access rules (owned products, then those shared with the
// user by accepted, active team membership, roadmap-only shares left out;
// the highest role a user holds counts; a viewer sees no billing) and the
// same JSON as the API. Started by bench/monolith.ts with DATABASE_URL (the
// catalog database), TOKEN_PUBLIC_KEY, PORT and WORKERS (processes sharing
// the port, 1 unless given); prints "listening <port>" once it answers.
import {
  type MemberRole,
  memberRoles,
  type ProductRole,
  type ProductView,
  promoOf,
  type PromoView,
  quote,
  roleAllows,
} from '@chorus/contracts';
import {
  InvalidToken,
  publicKeyFromPem,
  type TokenClaims,
  TokenVerifier,
} from '@chorus/service-kit';
import express, { type NextFunction, type Request, type Response } from 'express';
import cluster from 'node:cluster';
import pg from 'pg';

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  industry: string | null;
  subscription_status: string;
  billing_cycle: string;
  is_legacy_pricing: boolean;
  persona_count: number;
  billable_seats: number;
  subscription_start_date: Date | null;
  subscription_end_date: Date | null;
  created_at: Date;
  updated_at: Date;
  promo_discount_percent: number | null;
  promo_duration_months: number | null;
  promo_started_at: Date | null;
  /** 'owner', or the role of one of the user's grants on it. */
  role: string;
}

const columns = [
  'id',
  'name',
  'description',
  'industry',
  'subscription_status',
  'billing_cycle',
  'is_legacy_pricing',
  'persona_count',
  'billable_seats',
  'subscription_start_date',
  'subscription_end_date',
  'created_at',
  'updated_at',
  'promo_discount_percent',
  'promo_duration_months',
  'promo_started_at',
]
  .map((column) => `p.${column}`)
  .join(', ');

// The user's accepted, active grants on products they do not own.
const grants = `FROM collaborators c JOIN products p ON p.id = c.product_id
  WHERE c.collaborator_user_id = $1 AND c.invitation_status = 'accepted' AND c.is_active
    AND c.role <> 'roadmap' AND p.user_id <> $1`;

// Owned products by creation, then shared ones by their first grant (one row per grant).
const listQuery = `
  SELECT ${columns}, 'owner' AS role, 0 AS part, p.created_at AS k1, p.id AS k2
    FROM products p WHERE p.user_id = $1
  UNION ALL
  SELECT ${columns}, c.role, 1, c.accepted_at, c.id ${grants}
  ORDER BY part, k1, k2`;

const oneQuery = `
  SELECT ${columns}, 'owner' AS role FROM products p WHERE p.user_id = $1 AND p.id = $2
  UNION ALL
  SELECT ${columns}, c.role ${grants} AND p.id = $2`;

const asMember = (role: string): MemberRole | undefined => memberRoles.find((r) => r === role);

/** One product per id, with the highest role the user holds on it, in first-seen order. */
function withBestRole(rows: ProductRow[]): { row: ProductRow; role: ProductRole }[] {
  const byId = new Map<string, { row: ProductRow; role: ProductRole }>();
  for (const row of rows) {
    const role: ProductRole | undefined = row.role === 'owner' ? 'owner' : asMember(row.role);
    if (!role) continue;
    const seen = byId.get(row.id);
    if (!seen) byId.set(row.id, { row, role });
    else if (roleAllows(role, seen.role) && role !== seen.role) seen.role = role;
  }
  return [...byId.values()];
}

function toView({ row, role }: { row: ProductRow; role: ProductRole }): ProductView {
  const billingCycle = row.billing_cycle === 'annual' ? 'annual' : 'monthly';
  const showsBilling = role !== 'viewer';
  const promo: PromoView | null =
    row.promo_discount_percent && row.promo_started_at
      ? {
          discountPercent: row.promo_discount_percent,
          durationMonths: row.promo_duration_months ?? 0,
          startedAt: row.promo_started_at.toISOString(),
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description || null,
    industry: row.industry || null,
    subscriptionStatus: row.subscription_status,
    billingCycle,
    isLegacyPricing: row.is_legacy_pricing,
    subscriptionStartDate: showsBilling
      ? (row.subscription_start_date?.toISOString() ?? null)
      : null,
    subscriptionEndDate: showsBilling ? (row.subscription_end_date?.toISOString() ?? null) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    billing: {
      personaCount: row.persona_count,
      monthlyRate: showsBilling
        ? quote({
            personaCount: row.persona_count,
            billingCycle,
            isLegacyPricing: row.is_legacy_pricing,
            seats: row.billable_seats,
            promo: promoOf(promo),
          }).monthlyRateCents / 100
        : null,
    },
    role,
    sharedWithYou: role !== 'owner',
    seats: showsBilling ? row.billable_seats : null,
    promo: showsBilling ? promo : null,
  };
}

function serve(): void {
  const { DATABASE_URL, TOKEN_PUBLIC_KEY, PORT } = process.env;
  if (!DATABASE_URL || !TOKEN_PUBLIC_KEY) throw new Error('DATABASE_URL and TOKEN_PUBLIC_KEY');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  const verifier = new TokenVerifier(publicKeyFromPem(TOKEN_PUBLIC_KEY));
  // Tokens whose signature was checked, as the gateway keeps them (expiry still checked).
  const verified = new Map<string, TokenClaims>();
  const claimsOf = async (token: string) => {
    const cached = verified.get(token);
    if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
    const claims = await verifier.verify(token, 'chorus');
    if (verified.size >= 10_000) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };
  const app = express();
  app.disable('x-powered-by');

  const userOf = (res: Response) => res.locals.userId as string;
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    claimsOf(token).then(
      (claims) => {
        res.locals.userId = claims.subject;
        next();
      },
      (error: unknown) => {
        if (error instanceof InvalidToken) res.status(401).json({ message: 'Unauthorized' });
        else next(error);
      },
    );
  });

  app.get('/api/products', async (_req, res, next) => {
    try {
      const { rows } = await pool.query<ProductRow>(listQuery, [userOf(res)]);
      res.json(withBestRole(rows).map(toView));
    } catch (error) {
      next(error);
    }
  });

  app.get('/api/products/:id', async (req, res, next) => {
    try {
      const { rows } = await pool.query<ProductRow>(oneQuery, [userOf(res), req.params.id]);
      const [found] = withBestRole(rows);
      if (!found) res.status(404).json({ message: 'Product not found' });
      else res.json(toView(found));
    } catch (error) {
      next(error);
    }
  });

  const server = app.listen(Number(PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address?.port });
    if (cluster.isPrimary) {
      process.stdout.write(`listening ${typeof address === 'object' && address?.port}\n`);
    }
  });
  process.on('SIGTERM', () => {
    server.close(() => void pool.end().then(() => process.exit(0)));
  });
}

/** WORKERS processes share the port (node:cluster); one serves it alone. */
function main(): void {
  const workers = Number(process.env.WORKERS ?? 1);
  if (workers <= 1 || !cluster.isPrimary) {
    serve();
    return;
  }
  let listening = 0;
  for (let n = 0; n < workers; n++) {
    cluster.fork().on('message', (message: { port?: number }) => {
      if (message.port && ++listening === workers) {
        process.stdout.write(`listening ${message.port}\n`);
      }
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
}

main();
