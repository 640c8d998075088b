// Shared paths for the package's tests (run by ./dev npm in a scratch
// project where the packed tarball is installed): BATCHLANE_REPO (the
// fixtures), BATCHLANE_CLI (the built `batchlane` the parity tests compare
// with), BATCHLANE_TIKTOKEN (tiktoken's counts of the token corpus,
// written by ./dev npm with Python tiktoken).
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = process.env.BATCHLANE_REPO;
export const CLI = process.env.BATCHLANE_CLI;
if (!REPO || !CLI) throw new Error('BATCHLANE_REPO and BATCHLANE_CLI must be set (./dev npm sets them)');

export const BATCH = join(REPO, 'tests/fixtures/batch');
export const RESULTS = join(REPO, 'tests/fixtures/results');
export const batchFiles = () =>
  readdirSync(BATCH)
    .filter((n) => statSync(join(BATCH, n)).isFile())
    .sort()
    .map((n) => join(BATCH, n));

/** The CLI's stdout (exit 0, 1 or 3: a report was written). */
export function cli(...args) {
  const p = spawnSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (![0, 1, 3].includes(p.status)) throw new Error(`batchlane ${args.join(' ')}: ${p.status} ${p.stderr}`);
  return p;
}

export const cliText = (...args) => execFileSync(CLI, args, { encoding: 'utf8' });
