import { ConfigError } from './config';
import type { Logger } from './logger';

/** Something running that can be stopped, e.g. a started service. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Runs a service as its own process: a configuration error prints its
 * message and exits 1; SIGTERM or SIGINT stops the service (in-flight calls
 * finish first) and exits 0; a second signal exits at once.
 */
export function runMain(start: () => Promise<Stoppable>, logger: Logger): void {
  let stopping = false;
  start().then(
    (running) => {
      const stop = (signal: string) => {
        if (stopping) {
          logger.warn({ signal }, 'second signal; exiting now');
          process.exit(1);
        }
        stopping = true;
        logger.info({ signal }, 'shutting down');
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'error while shutting down');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => stop('SIGTERM'));
      process.on('SIGINT', () => stop('SIGINT'));
    },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        logger.fatal({ err: error }, 'failed to start');
      }
      process.exit(1);
    },
  );
}
