import type { Logger } from '@chorus/service-kit';

/**
 * The local provider's clock: runs a round (renew periods, deliver events)
 * on a timer, as Stripe's clock and webhooks would, soon after a change,
 * and before a read that must see them. Rounds run one after another.
 */
export class LocalClock {
  private timer?: NodeJS.Timeout;
  private rounds: Promise<void> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly options: {
      logger: Logger;
      /** How often periods are checked for renewal and undelivered events retried. */
      tickMs?: number;
      round: () => Promise<void>;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.rounds;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    await this.catchUp().catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'local payment provider: catching up failed'),
    );
    this.schedule(this.options.tickMs ?? 30_000);
  }

  /** A round soon, the way a webhook follows an API call. */
  nudge(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** Runs one after another; a caller waits for a round that started after its call. */
  catchUp(): Promise<void> {
    const round = this.rounds.then(this.options.round);
    this.rounds = round.catch(() => undefined);
    return round;
  }
}
