// Where the embedded run's CPU goes under the monolith bench's load: the
// system as `npm start` runs it (one process), with V8's CPU profiler
// preloaded (lib/cpu-profile-preload.cjs, a node:inspector session in the
// process); a customer owning 20 products; GET /api/products at
// BENCH_CONNECTIONS (200) connections with autocannon, a 3 s warm-up then
// BENCH_DURATION (10) seconds measured. The profiler starts (SIGUSR2) before
// the warm-up and samples every 200 µs; the system is stopped cleanly
// (SIGTERM), which writes the profile; only the samples of the measured
// seconds are kept (by their timestamps). The call paths are drawn as a flame
// graph (lib/flame-graph.ts: d3-flame-graph in headless Chromium) into
// docs/images/flame-embedded-products.png. Reported: requests/s under the
// profiler, the samples, and the 10 functions and 8 modules with the most
// self time (share of the busy samples). BENCH_PROFILE_OUT=<file> keeps the
// .cpuprofile (it opens in Chrome DevTools). Asserts nothing.
// Run: npm run build && npm run bench -- profile
import { spawnChorus } from '@chorus/launcher/spawn';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CpuProfile, summarise, type SelfTime } from './lib/cpu-profile';
import { renderFlameGraph } from './lib/flame-graph';
import { customer, type Load, load } from './lib/load';
import type { BenchRow } from './lib/report';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const PRODUCTS = 20;
const INTERVAL_US = 200;
const root = path.resolve(__dirname, '..');
const image = path.join(root, 'docs', 'images', 'flame-embedded-products.png');

/** Microseconds on the monotonic clock V8's profiler stamps its samples with. */
const now = () => Number(process.hrtime.bigint() / 1000n);

const percent = (share: number) => Number((share * 100).toFixed(1));

export async function measure(): Promise<BenchRow[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-profile-'));
  const profileFile = path.join(folder, 'embedded.cpuprofile');
  const preload = path.join(__dirname, 'lib', 'cpu-profile-preload.cjs');
  try {
    const chorus = await spawnChorus({
      env: {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${preload}"`.trim(),
        CPU_PROFILE_FILE: profileFile,
        CPU_PROFILE_INTERVAL: String(INTERVAL_US),
      },
    });
    let measured: Load;
    let span: { from: number; to: number };
    try {
      const { token } = await customer(chorus.url, 'Profile', PRODUCTS);
      const url = `${chorus.url}/api/products`;
      process.kill(chorus.pid, 'SIGUSR2');
      await load(url, token, 3, chorus.pid, connections);
      const from = now();
      measured = await load(url, token, duration, chorus.pid, connections);
      span = { from, to: now() };
    } finally {
      await chorus.stop();
    }
    const profile = JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
    if (process.env.BENCH_PROFILE_OUT) await copyFile(profileFile, process.env.BENCH_PROFILE_OUT);
    const summary = summarise(profile, root, span);
    if (summary.busy === 0) throw new Error('no CPU profile samples fell in the measured seconds');
    const what = `GET /api/products, ${PRODUCTS} owned, embedded, ${connections} connections`;
    await renderFlameGraph(summary.tree, image, {
      title:
        `Chorus in one process (npm start), GET /api/products, ${PRODUCTS} owned products, ` +
        `${connections} connections, ${duration} s: ${summary.busy} samples`,
    });
    const taken = summary.busy + summary.idle;
    const seconds = (span.to - span.from) / 1e6;

    const selfRow = (kind: string, entry: SelfTime, rank: number): BenchRow => ({
      area: 'profile',
      metric: `self time, ${kind} ${rank}: ${entry.name}${entry.file ? ` (${entry.file})` : ''}`,
      value: percent(entry.share),
      unit: '%',
      note: `${entry.samples} samples`,
    });
    return [
      {
        area: 'profile',
        metric: `${what}, under the CPU profiler`,
        value: measured.requestsPerSecond,
        unit: 'req/s',
        note:
          `${duration} s after a 3 s warm-up; p50 ${measured.p50} ms, p99 ${measured.p99} ms; ` +
          `${measured.total} requests, ${measured.failed} failed, ` +
          `${measured.cpuPerRequest.toFixed(2)} ms CPU each`,
      },
      {
        area: 'profile',
        metric: `CPU profile samples in the measured seconds (asked every ${INTERVAL_US} µs)`,
        value: summary.busy,
        unit: 'samples',
        note:
          `busy; ${summary.idle} idle besides (${(taken / seconds).toFixed(0)} taken a second); ` +
          `flame graph: ${path.relative(root, image)}; shares below are of the busy samples`,
      },
      ...summary.functions.slice(0, 10).map((entry, n) => selfRow('function', entry, n + 1)),
      ...summary.modules.slice(0, 8).map((entry, n) => selfRow('module', entry, n + 1)),
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
