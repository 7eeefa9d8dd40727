// The monolith baseline of `npm run bench -- monolith`: one plain Express
// process answering GET /api/products and GET /api/products/:id straight from
// the catalog's PostgreSQL tables, with the same Ed25519 token check as the
// gateway and the same JSON as the API. Started by bench/monolith.ts with
// DATABASE_URL (the catalog database), TOKEN_PUBLIC_KEY and PORT; prints
// "listening <port>" once it answers.
import { monthlyRate, type ProductView } from '@chorus/contracts';
import { InvalidToken, publicKeyFromPem, TokenVerifier } from '@chorus/service-kit';
import express, { type NextFunction, type Request, type Response } from 'express';
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
}

const columns =
  'id, name, description, industry, subscription_status, billing_cycle, is_legacy_pricing, ' +
  'persona_count, billable_seats, subscription_start_date, subscription_end_date, created_at, updated_at';

function toView(row: ProductRow): ProductView {
  const billingCycle = row.billing_cycle === 'annual' ? 'annual' : 'monthly';
  return {
    id: row.id,
    name: row.name,
    description: row.description || null,
    industry: row.industry || null,
    subscriptionStatus: row.subscription_status,
    billingCycle,
    isLegacyPricing: row.is_legacy_pricing,
    subscriptionStartDate: row.subscription_start_date?.toISOString() ?? null,
    subscriptionEndDate: row.subscription_end_date?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    billing: {
      personaCount: row.persona_count,
      monthlyRate: monthlyRate({
        personaCount: row.persona_count,
        billingCycle,
        isLegacyPricing: row.is_legacy_pricing,
        seats: row.billable_seats,
      }),
    },
    // The monolith compared against lists owned products only.
    role: 'owner',
    sharedWithYou: false,
    seats: row.billable_seats,
  };
}

function main(): void {
  const { DATABASE_URL, TOKEN_PUBLIC_KEY, PORT } = process.env;
  if (!DATABASE_URL || !TOKEN_PUBLIC_KEY) throw new Error('DATABASE_URL and TOKEN_PUBLIC_KEY');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  const verifier = new TokenVerifier(publicKeyFromPem(TOKEN_PUBLIC_KEY));
  const app = express();
  app.disable('x-powered-by');

  const userOf = (res: Response) => res.locals.userId as string;
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    verifier.verify(token, 'chorus').then(
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
      const { rows } = await pool.query<ProductRow>(
        `SELECT ${columns} FROM products WHERE user_id = $1 ORDER BY created_at, id`,
        [userOf(res)],
      );
      res.json(rows.map(toView));
    } catch (error) {
      next(error);
    }
  });

  app.get('/api/products/:id', async (req, res, next) => {
    try {
      const { rows } = await pool.query<ProductRow>(
        `SELECT ${columns} FROM products WHERE id = $1 AND user_id = $2`,
        [req.params.id, userOf(res)],
      );
      if (!rows[0]) res.status(404).json({ message: 'Product not found' });
      else res.json(toView(rows[0]));
    } catch (error) {
      next(error);
    }
  });

  const server = app.listen(Number(PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`listening ${typeof address === 'object' && address?.port}\n`);
  });
  process.on('SIGTERM', () => {
    server.close(() => void pool.end().then(() => process.exit(0)));
  });
}

main();
