// The system packages `npm test` needs beyond Node.js, checked before anything
// else runs: a C compiler and librdkafka's headers (the Kafka test broker is
// compiled from C on first use), Chromium, its headless shell and its fonts
// (the browser tests run in the headless shell, Chromium's own engine without
// the desktop browser around it, which takes a third less time a test) and
// poppler (the browser tests read the study report PDF with pdftoppm and
// pdftotext).
//
// On a system with dpkg each Debian package is looked up with `dpkg -s`. When
// some are missing: as root with apt-get, they are installed and one line says
// which; otherwise one sentence gives the exact command and the exit code is 1.
// Elsewhere the commands and headers themselves are looked for.
//
// Every command (dpkg, apt-get, id, cc, pkg-config, pdftoppm, pdftotext) is
// found through PATH, so a PATH of stand-ins exercises every branch.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const headlessShellPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
/** Debian's browser packages, left out when CHROMIUM_PATH names a browser of one's own. */
const BROWSER_PACKAGES = new Set(['chromium', 'chromium-headless-shell']);

/** Debian's package for each need, and how to find the need where there is no dpkg. */
const REQUIREMENTS = [
  {
    pkg: 'gcc',
    what: 'a C compiler (cc)',
    present: () => onPath('cc'),
  },
  {
    pkg: 'librdkafka-dev',
    what: "librdkafka's headers",
    present: () =>
      ['/usr/include', '/usr/local/include', '/opt/homebrew/include'].some((dir) =>
        isFile(join(dir, 'librdkafka', 'rdkafka_mock.h')),
      ) ||
      (onPath('pkg-config') && run('pkg-config', ['--exists', 'rdkafka']).status === 0),
  },
  {
    pkg: 'chromium',
    what: `Chromium (${chromiumPath})`,
    present: () => isExecutable(chromiumPath),
  },
  {
    pkg: 'chromium-headless-shell',
    what: `Chromium's headless shell (${headlessShellPath})`,
    present: () => isExecutable(headlessShellPath),
  },
  {
    // Only Debian's package can be named; elsewhere the system's own fonts serve.
    pkg: 'fonts-liberation',
    what: 'the Liberation fonts',
    present: () => true,
  },
  {
    pkg: 'poppler-utils',
    what: "poppler's pdftoppm and pdftotext",
    present: () => onPath('pdftoppm') && onPath('pdftotext'),
  },
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function isFile(file) {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && isExecutable(join(dir, command)));
}

function run(command, args, env = process.env) {
  return spawnSync(command, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The packages among `packages` that dpkg reports as installed (not merely known). */
function installedPackages(packages) {
  const { stdout } = run('dpkg', ['-s', ...packages]);
  const installed = new Set();
  for (const stanza of (stdout ?? '').split(/\n\s*\n/)) {
    const name = /^Package: *(\S+)/m.exec(stanza)?.[1];
    const state = /^Status: *(.*)$/m.exec(stanza)?.[1].trim().split(/\s+/);
    if (name && state?.[2] === 'installed') installed.add(name);
  }
  return installed;
}

/** The Debian packages still to install; with CHROMIUM_PATH set to a browser, no browser. */
function missingDebianPackages() {
  const wanted = REQUIREMENTS.map((r) => r.pkg).filter(
    (pkg) =>
      !(BROWSER_PACKAGES.has(pkg) && process.env.CHROMIUM_PATH && isExecutable(chromiumPath)),
  );
  const installed = installedPackages(wanted);
  return wanted.filter((pkg) => !installed.has(pkg));
}

function fail(sentence) {
  process.stderr.write(`${sentence}\n`);
  process.exit(1);
}

function isRoot() {
  return run('id', ['-u']).stdout?.trim() === '0';
}

function aptGet(args) {
  const result = run('apt-get', args, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  if (result.status !== 0) {
    process.stderr.write(`\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    return false;
  }
  return true;
}

if (onPath('dpkg')) {
  const missing = missingDebianPackages();
  if (missing.length > 0) {
    const command = `sudo apt-get install -y ${missing.join(' ')}`;
    if (!onPath('apt-get') || !isRoot()) {
      fail(
        `npm test needs system packages that are not installed; run \`${command}\`, then run npm test again.`,
      );
    }
    process.stderr.write(`Installing the system packages npm test needs: ${missing.join(' ')}…`);
    const done = aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', ...missing]);
    const still = missingDebianPackages();
    if (!done || still.length > 0) {
      fail(
        `apt-get could not install ${still.join(' ') || missing.join(' ')}; run \`apt-get install -y ${missing.join(' ')}\` and read its errors, then run npm test again.`,
      );
    }
    process.stderr.write(' done.\n');
  }
} else {
  const missing = REQUIREMENTS.filter((r) => !r.present());
  if (missing.length > 0) {
    const them = missing.length === 1 ? 'it' : 'them';
    fail(
      `npm test needs ${missing.map((r) => r.what).join(', ')}, and this system lacks ${them}: install ${them} with its package manager (on Debian: \`sudo apt-get install -y ${missing.map((r) => r.pkg).join(' ')}\`), then run npm test again.`,
    );
  }
}
