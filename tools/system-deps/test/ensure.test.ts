import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// ensure.mjs run as `npm test` runs it, with a PATH holding only stand-ins:
// dpkg answers `-s` from a list of installed packages, apt-get logs its
// arguments and adds what it installs to that list, id says the uid the test
// chooses. Nothing of the machine's own packages is read or changed.

const script = path.resolve(__dirname, '../ensure.mjs');
const ALL = [
  'gcc',
  'librdkafka-dev',
  'chromium',
  'chromium-headless-shell',
  'fonts-liberation',
  'poppler-utils',
];

const DPKG = `#!/bin/sh
[ "$1" = "-s" ] || exit 2
shift
status=0
for pkg in "$@"; do
  found=
  while read -r line; do [ "$line" = "$pkg" ] && found=1; done < "$FAKE_ROOT/installed"
  if [ -n "$found" ]; then
    printf 'Package: %s\\nStatus: install ok installed\\nVersion: 1.0\\n\\n' "$pkg"
  else
    echo "dpkg-query: package '$pkg' is not installed and no information is available" >&2
    status=1
  fi
done
exit $status
`;

const APT_GET = `#!/bin/sh
echo "DEBIAN_FRONTEND=$DEBIAN_FRONTEND $*" >> "$FAKE_ROOT/apt-get.log"
if [ "$1" = install ]; then
  for arg in "$@"; do
    case "$arg" in install|-*) ;; *) echo "$arg" >> "$FAKE_ROOT/installed" ;; esac
  done
fi
`;

const ID = `#!/bin/sh
[ "$1" = "-u" ] && echo "$FAKE_UID"
`;

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'system-deps-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function command(name: string, text: string) {
  writeFileSync(path.join(root, name), text);
  chmodSync(path.join(root, name), 0o755);
}

/** Stand-ins for dpkg, apt-get and id, with `installed` the packages dpkg knows as installed. */
function standIns(installed: string[]) {
  command('dpkg', DPKG);
  command('apt-get', APT_GET);
  command('id', ID);
  writeFileSync(path.join(root, 'installed'), installed.map((p) => `${p}\n`).join(''));
}

/** ensure.mjs with only the stand-ins on the PATH. */
const run = (env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { PATH: root, FAKE_ROOT: root, ...env },
  });

function ensure(options: { installed: string[]; uid: number; env?: Record<string, string> }) {
  standIns(options.installed);
  return run({ FAKE_UID: String(options.uid), ...options.env });
}

const aptGetCalls = () =>
  existsSync(path.join(root, 'apt-get.log'))
    ? readFileSync(path.join(root, 'apt-get.log'), 'utf8').trim().split('\n')
    : [];

describe('the system packages npm test needs, on a system with dpkg', () => {
  it('exits 0 silently without calling apt-get when every package is installed', () => {
    const result = ensure({ installed: ALL, uid: 1000 });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
    expect(aptGetCalls()).toEqual([]);
  });

  it('as another user, stops with one sentence naming the exact command', () => {
    const result = ensure({ installed: ['gcc', 'fonts-liberation', 'poppler-utils'], uid: 1000 });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'npm test needs system packages that are not installed; run ' +
        '`sudo apt-get install -y librdkafka-dev chromium chromium-headless-shell`, then run npm test again.\n',
    );
    expect(aptGetCalls()).toEqual([]);
  });

  it('as root, installs exactly the missing packages with apt-get and says so in one line', () => {
    const result = ensure({
      installed: ['chromium', 'chromium-headless-shell', 'fonts-liberation'],
      uid: 0,
    });
    expect(result.status).toBe(0);
    expect(aptGetCalls()).toEqual([
      'DEBIAN_FRONTEND=noninteractive update -qq',
      'DEBIAN_FRONTEND=noninteractive install -y -qq gcc librdkafka-dev poppler-utils',
    ]);
    expect(result.stderr).toBe(
      'Installing the system packages npm test needs: gcc librdkafka-dev poppler-utils… done.\n',
    );
  });

  it('as root, fails with the command when apt-get leaves a package uninstalled', () => {
    standIns([
      'chromium',
      'chromium-headless-shell',
      'fonts-liberation',
      'poppler-utils',
      'librdkafka-dev',
    ]);
    command('apt-get', '#!/bin/sh\necho "E: Unable to locate package gcc" >&2\nexit 100\n');
    const result = run({ FAKE_UID: '0' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('E: Unable to locate package gcc');
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^apt-get could not install gcc; run `apt-get install -y gcc` and read its errors/,
    );
  });

  it('leaves chromium and its headless shell out when CHROMIUM_PATH names a browser', () => {
    command('my-chromium', '#!/bin/sh\n');
    const result = ensure({
      installed: ['gcc', 'librdkafka-dev', 'fonts-liberation', 'poppler-utils'],
      uid: 1000,
      env: { CHROMIUM_PATH: path.join(root, 'my-chromium') },
    });
    expect(result.status).toBe(0);
    expect(aptGetCalls()).toEqual([]);
  });
});

describe('the system packages npm test needs, on a system without dpkg', () => {
  it('looks for the commands themselves, and names what is missing in one sentence', () => {
    for (const name of ['cc', 'pdftoppm', 'pdftotext', 'my-chromium']) command(name, '#!/bin/sh\n');
    command('pkg-config', '#!/bin/sh\n[ "$*" = "--exists rdkafka" ]\n');
    expect(run({ CHROMIUM_PATH: path.join(root, 'my-chromium') }).status).toBe(0);

    rmSync(path.join(root, 'cc'));
    const result = run({ CHROMIUM_PATH: path.join(root, 'my-chromium') });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toBe(
      'npm test needs a C compiler (cc), and this system lacks it: install it with its ' +
        'package manager (on Debian: `sudo apt-get install -y gcc`), then run npm test again.\n',
    );
  });
});
