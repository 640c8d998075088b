// The package's reports equal the CLI's JSON, byte for byte: every fixture
// of tests/fixtures/batch (both dialects, with and without tokens), the
// options, the results fixtures and quota rows — as the wheel's parity
// test (crates/python/tests/test_parity.py) holds Python to them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { checkFile, checkLines, joinResults, quota, NotFoundError } from 'batchlane-core';
import { BATCH, RESULTS, batchFiles, cli } from './helpers.mjs';

for (const path of batchFiles()) {
  for (const dialect of ['azure', 'openai']) {
    for (const tokens of [true, false]) {
      test(`checkFile equals the CLI: ${basename(path)} ${dialect} ${tokens ? 'tokens' : 'no-tokens'}`, async () => {
        const args = ['check', path, '--format', 'json', '--dialect', dialect, ...(tokens ? [] : ['--no-tokens'])];
        const want = cli(...args).stdout;
        const report = await checkFile(path, { dialect, countTokens: tokens });
        assert.equal(report.json, want);
        const data = JSON.parse(want);
        assert.deepEqual(report.diagnostics, data.diagnostics);
        assert.equal(report.ok, data.summary.errors === 0 && data.summary.verdict === 'ready');
        for (const [k, v] of Object.entries(data.summary)) assert.deepEqual(report.summary[k], v, k);
      });
    }
  }
}

test('the options reach the check as the flags do', async () => {
  const path = join(BATCH, 'azure_300.jsonl');
  const want = cli('check', path, '--format', 'json', '--model', 'gpt-4o', '--quota', '1000', '--endpoint', '/chat/completions',
    '--byo-storage', '--fact', 'openai_batch_model.gpt-4o-audio-preview=0').stdout;
  const got = await checkFile(path, {
    model: 'gpt-4o', quota: 1000, endpoint: '/chat/completions', byoStorage: true,
    facts: { 'openai_batch_model.gpt-4o-audio-preview': 0 },
  });
  assert.equal(got.json, want);
});

test('a Blob, a ReadableStream, an AsyncIterable and checkLines give the same report', async () => {
  for (const name of ['openai_chat.jsonl', 'valid_mixed.jsonl', 'broken.jsonl', 'bom.jsonl']) {
    const bytes = readFileSync(join(BATCH, name));
    const o = { dialect: 'openai', fileName: name };
    const fromPath = (await checkFile(join(BATCH, name), o)).toJSON();
    delete fromPath.file;
    const tiny = async function* () {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    };
    for (const source of [new Blob([bytes]), Readable.toWeb(Readable.from([bytes])), tiny()]) {
      assert.deepEqual((await checkFile(source, o)).toJSON(), fromPath, name);
    }
    const lines = bytes.toString('latin1').split('\n').filter((l, i, a) => i < a.length - 1 || l !== '').map((l) => Buffer.from(l, 'latin1'));
    assert.deepEqual(checkLines(lines, o).toJSON(), fromPath, name);
  }
});

const RESULT_CASES = [];
for (const kind of ['chat', 'responses']) {
  for (const files of [['output', 'errors', 'input'], ['output', 'errors'], ['output'], ['errors', 'input']]) RESULT_CASES.push([kind, files]);
}

for (const [kind, files] of RESULT_CASES) {
  test(`joinResults equals the CLI: ${kind} ${files.join('+')}`, async () => {
    const p = Object.fromEntries(files.map((f) => [f, join(RESULTS, kind, `${f}.jsonl`)]));
    const args = ['results', '--format', 'json'];
    for (const [f, path] of Object.entries(p)) args.push(`--${f}`, path);
    const r = cli(...args);
    const got = await joinResults(p.output ?? null, p.errors ?? null, p.input ?? null);
    assert.equal(got.json, r.stdout);
    assert.equal(got.ok, r.status === 0);
  });
}

test('retryLines are the lines the CLI writes to its retry file', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'batchlane-'));
  const d = join(RESULTS, 'chat');
  const retry = join(dir, 'retry.jsonl');
  cli('results', '--output', join(d, 'output.jsonl'), '--errors', join(d, 'errors.jsonl'), '--input', join(d, 'input.jsonl'), '--retry-file', retry);
  const got = await joinResults(join(d, 'output.jsonl'), join(d, 'errors.jsonl'), join(d, 'input.jsonl'));
  const lines = await got.retryLines();
  assert.ok(lines.length > 0);
  assert.equal(lines.map((l) => l + '\n').join(''), readFileSync(retry, 'utf8'));
  assert.deepEqual(await got.retryLines(new Blob([readFileSync(join(d, 'input.jsonl'))])), lines);
});

for (const [model, deployment, tier] of [['gpt-4o', 'datazone', 1], ['gpt-4o-mini', 'standard', 6], ['o1', 'datazone', 'free']]) {
  test(`quota equals the CLI: ${model} ${deployment} ${tier}`, async () => {
    const { spawnSync } = await import('node:child_process');
    const p = spawnSync(process.env.BATCHLANE_CLI, ['quota', '--model', model, '--deployment', deployment, '--tier', String(tier), '--format', 'json'], { encoding: 'utf8' });
    if (p.status !== 0) {
      assert.throws(() => quota(model, deployment, tier), (e) => e instanceof NotFoundError && p.stderr.includes(e.message));
      return;
    }
    assert.deepEqual(quota(model, deployment, tier), JSON.parse(p.stdout));
  });
}
