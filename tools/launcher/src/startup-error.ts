/**
 * Why Chorus cannot start, in one sentence that names the cause and the fix:
 * printed on its own, without a stack, because the person reading it can act
 * on it and has nothing to debug.
 */
export class StartupError extends Error {}

export function portInUse(port: number, what: string, variable: string): StartupError {
  return new StartupError(
    `Port ${port} (${what}) is already in use: stop whatever holds it, or choose another port with ${variable}.`,
  );
}

/** A port the run was told to use: what listens there and the variable that moves it. */
export interface ConfiguredPort {
  port: number;
  what: string;
  variable: string;
}

/**
 * A listen error met during the start (Node's, or the gRPC server's of the
 * same shape: `code` and `port`) as the sentence of portInUse when it names a
 * configured port that was taken after it was checked; any other error as it is.
 */
export function takenWhileStarting(error: unknown, ports: ConfiguredPort[]): unknown {
  if (!(error instanceof Error)) return error;
  const { code, port } = error as Error & { code?: unknown; port?: unknown };
  const taken = code === 'EADDRINUSE' ? ports.find((known) => known.port === port) : undefined;
  return taken ? portInUse(taken.port, taken.what, taken.variable) : error;
}

export function dataFolderNotWritable(folder: string): StartupError {
  return new StartupError(
    `Chorus cannot write to its data folder ${folder}: make it writable, or choose another folder with CHORUS_DATA_DIR.`,
  );
}

export function alreadyRunning(folder: string, pid: string | undefined): StartupError {
  const holder = pid ? ` (its PostgreSQL has PID ${pid})` : '';
  return new StartupError(
    `Another Chorus is already running on the data folder ${folder}${holder}: stop it first, or start this one on another folder with CHORUS_DATA_DIR.`,
  );
}
