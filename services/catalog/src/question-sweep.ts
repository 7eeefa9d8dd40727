import { type Knex, type Logger, type OutboxRelay } from '@chorus/service-kit';
import type { AttemptPolicy, Questions } from './questions';

// One sweep per catalog database at a time, whatever the number of replicas:
// two would ask the same question twice.
const SWEEP_LOCK = 0x0c47_5e3e;

/** What else the sweep keeps up to date: invitations past their expiry become expired. */
interface InvitationExpiry {
  expireWithin(trx: Knex.Transaction): Promise<number>;
}

/**
 * Every `intervalMs`, asks again the questions that waited too long for
 * their answer and gives up on those asked too often (Questions.sweep), so
 * every question ends complete or error, even when its QuestionAsked or its
 * answer was lost. The same pass expires invitations past their date (they
 * are also expired as soon as someone reads them).
 */
export class QuestionSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly deps: {
      db: Knex;
      questions: Questions;
      invitations?: InvitationExpiry;
      /** Market panel builds that waited too long are asked again. */
      panels?: { sweep(trx: Knex.Transaction): Promise<number> };
      relay: OutboxRelay;
      logger: Logger;
      policy: AttemptPolicy;
      intervalMs: number;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One sweep now; resolves with what it did (nothing when another replica holds the lock). */
  async sweepOnce(): Promise<{ askedAgain: number; gaveUp: number; expiredInvitations: number }> {
    const { db, questions, invitations, panels, policy } = this.deps;
    const done = await db.transaction(async (trx) => {
      const lock = await trx.raw<{ rows: { locked: boolean }[] }>(
        'select pg_try_advisory_xact_lock(?) as locked',
        [SWEEP_LOCK],
      );
      if (!lock.rows[0]?.locked) return { askedAgain: 0, gaveUp: 0, expiredInvitations: 0 };
      const swept = await questions.sweep(trx, policy);
      const expiredInvitations = invitations ? await invitations.expireWithin(trx) : 0;
      const panelsAskedAgain = panels ? await panels.sweep(trx) : 0;
      return { ...swept, askedAgain: swept.askedAgain + panelsAskedAgain, expiredInvitations };
    });
    if (done.askedAgain + done.gaveUp > 0) this.deps.relay.nudge();
    return done;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweepOnce()
        .then(
          () => undefined,
          (error: unknown) => {
            this.deps.logger.warn({ err: error }, 'question sweep failed; trying again later');
          },
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.deps.intervalMs);
  }
}
