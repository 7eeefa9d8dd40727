// When a question that inference has not answered is asked again, and when
// it is given up. Inference answers each QuestionAsked at most once per
// delivery and the catalog keeps the first answer, so asking again is safe:
// at worst a late answer and a new one race, and the first stored wins.

interface InferenceLimits {
  /** INFERENCE_TIMEOUT_MS: one model request. */
  timeoutMs: number;
  /** INFERENCE_RETRIES: further requests after a failed or unreadable one. */
  retries: number;
  /** INFERENCE_CONCURRENCY: persona answers in flight in one worker. */
  concurrency: number;
  /** Personas of a typical question (a plan's included personas). */
  personas: number;
}

/** The outbox relay's poll and the bus's hand-over, generously. */
const DELIVERY_SLACK_MS = 30_000;

/**
 * How long a question may stay pending or processing before it is asked
 * again:
 *
 *   (retries + 1) × timeout × (ceil(personas / concurrency) + 1) + 30 s
 *
 * (retries + 1) × timeout is the longest one persona's answer can take,
 * every request timing out. A worker answers a question's personas at once,
 * `concurrency` at a time, so its personas take ceil(personas / concurrency)
 * such rounds; one more round is the wait for the questions already holding
 * the worker's slots. 30 s covers the outbox relay and the bus. With the
 * defaults (30 s, 2 retries, 16 at once, 10 personas): 3 × 30 s × 2 + 30 s
 * = 210 s.
 */
export function retryAfterMs(limits: InferenceLimits): number {
  const oneAnswer = (limits.retries + 1) * limits.timeoutMs;
  const rounds = Math.ceil(limits.personas / limits.concurrency) + 1;
  return oneAnswer * rounds + DELIVERY_SLACK_MS;
}

/** The reason a customer reads on a question given up after `attempts` asks. */
export function gaveUpReason(attempts: number): string {
  return `This question could not be answered after ${attempts} ${
    attempts === 1 ? 'attempt' : 'attempts'
  }. Please retry.`;
}

/** What the sweep does with a question that waited past the bound. */
export function nextStep(attempts: number, maxAttempts: number): 'ask-again' | 'give-up' {
  return attempts >= maxAttempts ? 'give-up' : 'ask-again';
}
