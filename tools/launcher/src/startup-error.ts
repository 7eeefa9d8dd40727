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
