import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The wording check's English model is a few megabytes: it loads in the one
// process that checks wording (persona inference), through its own entry
// point, and never in a service that only reads research figures.
const root = path.resolve(__dirname, '../../..');

function modulesLoadedBy(entry: string): string[] {
  const script = `require(${JSON.stringify(entry)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const run = spawnSync(
    process.execPath,
    ['-C', '@chorus/source', '-r', '@swc-node/register', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

const english = (files: string[]) =>
  files.filter((file) =>
    /[\\/]node_modules[\\/](wink-nlp|wink-eng-lite-web-model)[\\/]/.test(file),
  );

describe('entry points of @chorus/research', () => {
  it('reads figures without loading the English model', () => {
    expect(english(modulesLoadedBy('@chorus/research'))).toEqual([]);
  });

  it('loads the English model through the wording entry point', () => {
    expect(english(modulesLoadedBy('@chorus/research/wording')).length).toBeGreaterThan(0);
  });
});
