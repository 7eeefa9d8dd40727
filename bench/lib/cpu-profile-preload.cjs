// Preloaded into a process by `NODE_OPTIONS=--require <this file>` (see
// bench/profile.ts): V8's CPU profiler through an in-process node:inspector
// session, started by SIGUSR2 at CPU_PROFILE_INTERVAL µs (200) and written as
// a .cpuprofile to CPU_PROFILE_FILE when the process exits (a clean stop:
// process.exit, as the launcher's SIGTERM handler calls it). The session
// answers synchronously, so the exit handler can stop and write the profile.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');

const file = process.env.CPU_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', () => {
    if (profiling) return;
    profiling = true;
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', {
      interval: Number(process.env.CPU_PROFILE_INTERVAL ?? 200),
    });
    session.post('Profiler.start');
  });
  process.on('exit', () => {
    if (!profiling) return;
    session.post('Profiler.stop', (error, result) => {
      if (error) process.stderr.write(`CPU profile not written: ${error.message}\n`);
      else writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
