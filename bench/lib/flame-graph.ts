import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { FlameNode } from './cpu-profile';

// A flame graph drawn by d3-flame-graph (on d3) in headless Chromium
// (`/usr/bin/chromium` or CHROMIUM_PATH) and saved as a PNG. Both libraries'
// UMD builds are put in the page as script text: no server, no bundler.

/** The built file of a package, found beside the entry Node resolves for it. */
function builtFile(name: string, file: string): string {
  return readFileSync(path.join(path.dirname(require.resolve(name)), file), 'utf8');
}

/** Colours by where a frame's code lives; the legend says the same. */
const kinds = [
  { kind: 'this repository', test: '^(services|packages|tools|proto)/', colour: '#7fbf7b' },
  { kind: 'node_modules', test: '^(@[^/ ]+/)?[^/ ]+/.*\\.[cm]?js', colour: '#f1a340' },
  { kind: 'Node.js', test: '^node:', colour: '#91bfdb' },
  { kind: 'native: GC, V8 builtins, C++ bindings', test: '', colour: '#cfcfcf' },
];

interface FlameGraphOptions {
  title: string;
  /** Pixels (1400). */
  width?: number;
  /** Frames narrower than this many pixels are not drawn (1). */
  minFrameSize?: number;
}

/** Draws `tree` (values: samples, children included) as a flame graph into the PNG `file`. */
export async function renderFlameGraph(
  tree: FlameNode,
  file: string,
  options: FlameGraphOptions,
): Promise<void> {
  const width = options.width ?? 1400;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: width + 20, height: 800 } });
    const legend = kinds
      .map(
        ({ kind, colour }) =>
          `<span style="display:inline-block;width:12px;height:12px;background:${colour};` +
          `margin:0 4px 0 14px;vertical-align:middle"></span>${kind}`,
      )
      .join('');
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#fff">` +
        `<div id="figure" style="display:inline-block;padding:8px 10px;background:#fff">` +
        `<div style="font:12px Verdana,sans-serif;color:#444;margin:0 0 4px">` +
        `Frame width: share of samples; each frame's callers below it.${legend}</div>` +
        `<div id="chart"></div></div></body></html>`,
    );
    await page.addScriptTag({ content: builtFile('d3', 'd3.min.js') });
    await page.addScriptTag({ content: builtFile('d3-flame-graph', 'd3-flamegraph.umd.min.js') });
    await page.evaluate(
      ({ tree, width, title, minFrameSize, kinds }) => {
        // The little of d3 and d3-flame-graph used here, as their UMD builds put them on window.
        interface Chart {
          width(pixels: number): Chart;
          cellHeight(pixels: number): Chart;
          minFrameSize(pixels: number): Chart;
          transitionDuration(ms: number): Chart;
          sort(on: boolean): Chart;
          title(text: string): Chart;
          setColorMapper(mapper: (frame: { data: { name: string } }) => string): Chart;
        }
        const page = window as unknown as {
          d3: { select(selector: string): { datum(data: unknown): { call(chart: Chart): void } } };
          flamegraph: { default(): Chart };
        };
        const tests = kinds.map(({ test, colour }) => ({ test: new RegExp(test), colour }));
        // The file follows the function name after the last space.
        const colourOf = (name: string) => {
          const file = name.includes(' ') ? name.slice(name.lastIndexOf(' ') + 1) : '';
          if (name === 'all') return '#e0e0e0';
          return tests.find(({ test }) => file && test.test(file))?.colour ?? '#cfcfcf';
        };
        const chart = page.flamegraph
          .default()
          .width(width)
          .cellHeight(16)
          .minFrameSize(minFrameSize)
          .transitionDuration(0)
          .sort(true)
          .title(title)
          .setColorMapper((frame) => colourOf(frame.data.name));
        page.d3.select('#chart').datum(JSON.parse(tree)).call(chart);
      },
      {
        // As text: Playwright's own passing of a deep object never returned.
        tree: JSON.stringify(tree),
        width,
        title: options.title,
        minFrameSize: options.minFrameSize ?? 1,
        kinds: kinds.map(({ test, colour }) => ({ test, colour })),
      },
    );
    // Labels are written in a transition: wait until they are.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.d3-flame-graph-label')].some((label) => label.textContent),
    );
    await page.waitForTimeout(300);
    await mkdir(path.dirname(file), { recursive: true });
    await page.locator('#figure').screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
