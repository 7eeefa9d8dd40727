import { authMessages } from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { RedisClientType } from 'redis';

export interface LimitRule {
  /** Distinguishes counters in the shared store. */
  name: string;
  windowMs: number;
  limit: number;
  /** Counted per client IP, and per e-mail in the body when `perEmail` is set. */
  perEmail?: boolean;
  /** Counted per this key instead of per client IP (e.g. per share link). */
  key?: (req: Request) => string;
  /** The 429's message; the sign-in wording unless said. */
  message?: string;
}

/** Builds limiters whose counters live in Redis when configured, in memory otherwise. */
export class RateLimits {
  constructor(
    private readonly redis: RedisClientType | undefined,
    private readonly logger: Logger,
  ) {}

  limiter(rule: LimitRule): RequestHandler {
    return rateLimit({
      windowMs: rule.windowMs,
      limit: rule.limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: this.store(rule.name),
      // A Redis outage must not lock everyone out: let requests through and log.
      passOnStoreError: true,
      keyGenerator: (req: Request) => {
        if (rule.key) return rule.key(req);
        const ip = ipKeyGenerator(req.ip ?? 'unknown');
        if (!rule.perEmail) return ip;
        const email = (req.body as { email?: unknown } | undefined)?.email;
        return `${ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
      handler: (_req, res) => {
        res.status(429).json({ message: rule.message ?? authMessages.tooManyAttempts });
      },
    });
  }

  private store(name: string): Store | undefined {
    const redis = this.redis;
    if (!redis) return undefined;
    return new RedisStore({
      prefix: `chorus:rl:${name}:`,
      sendCommand: async (...args: string[]) => {
        try {
          // The limiter only sends commands answering scalars or lists of them.
          return (await redis.sendCommand(args)) as unknown as RedisReply;
        } catch (error) {
          this.logger.warn({ err: error }, 'rate limit store unavailable');
          throw error;
        }
      },
    });
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The limits on credential endpoints: enough for people, too few for guessing. */
export const authLimits = {
  login: { name: 'login', windowMs: FIFTEEN_MINUTES, limit: 10, perEmail: true },
  // Signing up with a taken e-mail checks its password (to finish a sign-up
  // cut short), so it is limited like signing in.
  register: { name: 'register', windowMs: FIFTEEN_MINUTES, limit: 10, perEmail: true },
  adminLogin: { name: 'admin-login', windowMs: FIFTEEN_MINUTES, limit: 5, perEmail: true },
  forgotPassword: { name: 'forgot', windowMs: FIFTEEN_MINUTES, limit: 5, perEmail: true },
  resetPassword: { name: 'reset', windowMs: FIFTEEN_MINUTES, limit: 20 },
} satisfies Record<string, LimitRule>;
