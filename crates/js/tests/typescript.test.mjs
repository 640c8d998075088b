// TypeScript, with the repository's pinned typescript, openai and
// @types/node: the installed package's declarations type-check (tsc
// --noEmit, strict, no skipLibCheck; with and without the DOM lib) in
// types.ts, which uses every name index.d.ts and tokens.d.ts declare; and
// the README's example (a batch built with openai-node's request types,
// checked, then uploaded) compiles and runs, against a local stand-in for
// the OpenAI API that records the upload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO, cli } from './helpers.mjs';

const scratch = dirname(dirname(fileURLToPath(import.meta.url)));
const tsc = join(REPO, 'node_modules/.bin/tsc');
const pkg = dirname(fileURLToPath(import.meta.resolve('batchlane-core')));

function project(name, tsconfig) {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2022', 'dom'],
    types: ['node'],
    typeRoots: [join(REPO, 'node_modules/@types')],
    ...tsconfig,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2));
  return dir;
}

function runTsc(dir) {
  const p = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
  assert.equal(p.status, 0, `tsc -p ${dir}:\n${p.stdout}${p.stderr}`);
}

test('index.d.ts and tokens.d.ts type-check, every declared name used', () => {
  // Node's types alone (no DOM lib) and with the DOM lib, as a browser project has it.
  const nodeOnly = project('types-node', { noEmit: true, skipLibCheck: false, lib: ['es2022'] });
  copyFileSync(join(REPO, 'crates/js/tests/types.ts'), join(nodeOnly, 'types.ts'));
  runTsc(nodeOnly);
  const dir = project('types', { noEmit: true, skipLibCheck: false });
  copyFileSync(join(REPO, 'crates/js/tests/types.ts'), join(dir, 'types.ts'));
  const used = readFileSync(join(dir, 'types.ts'), 'utf8');
  for (const d of ['index.d.ts', 'tokens.d.ts']) {
    const names = [...readFileSync(join(pkg, d), 'utf8').matchAll(/^export (?:declare )?(?:class|type|interface|function|const) (\w+)/gm)].map((m) => m[1]);
    assert.ok(names.length > 0, d);
    for (const n of names) assert.match(used, new RegExp(`\\b${n}\\b`), `${d}: ${n} is not used in types.ts`);
  }
  assert.match(readFileSync(join(pkg, 'tokens.d.ts'), 'utf8'), /export \{[^}]*\bEncoding\b/);
  runTsc(dir);
  // And a wrong use is refused (the check has teeth).
  writeFileSync(join(dir, 'wrong.ts'), "import { countTokens } from 'batchlane-core';\nexport const n: string = countTokens('x');\n");
  const p = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
  assert.notEqual(p.status, 0);
  assert.match(p.stdout + p.stderr, /wrong\.ts/);
});

test("the README's example compiles and runs: checked, then uploaded", async () => {
  const readme = readFileSync(join(REPO, 'crates/js/README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example && example.includes('checkLines'), 'the README has a ts example');
  const dir = project('readme', { outDir: 'out', skipLibCheck: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'example.ts'), example);
  runTsc(dir);

  // A stand-in for the API: files.create and batches.create, recorded.
  const seen = [];
  const server = createServer((req, res) => {
    const body = [];
    req.on('data', (c) => body.push(c));
    req.on('end', () => {
      const text = Buffer.concat(body).toString('utf8');
      seen.push({ method: req.method, url: req.url, text });
      const now = Math.floor(Date.now() / 1000);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/v1/files') {
        return res.end(JSON.stringify({ id: 'file-test', object: 'file', bytes: 1, created_at: now, filename: 'batch.jsonl', purpose: 'batch', status: 'processed' }));
      }
      const b = JSON.parse(text);
      res.end(JSON.stringify({ id: 'batch_test', object: 'batch', endpoint: b.endpoint, input_file_id: b.input_file_id, completion_window: b.completion_window, status: 'validating', created_at: now }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const env = { ...process.env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `http://127.0.0.1:${server.address().port}/v1` };
  let run;
  try {
    run = await new Promise((r) => execFile(process.execPath, ['out/example.js'], { cwd: dir, env, encoding: 'utf8' }, (error, stdout, stderr) => r({ error, stdout, stderr })));
  } finally {
    server.close();
  }
  assert.equal(run.error, null, run.stderr);
  // What it printed is the CLI's check of the file it wrote.
  const written = readFileSync(join(dir, 'batch.jsonl'), 'utf8');
  const want = JSON.parse(cli('check', join(dir, 'batch.jsonl'), '--dialect', 'openai', '--format', 'json').stdout).summary;
  assert.ok(want.requests >= 2 && want.errors === 0);
  assert.equal(run.stdout.trim(), `${want.requests} requests, ${want.enqueued_tokens} enqueued tokens`);
  // The checked file is what was uploaded, and the batch names it.
  assert.deepEqual(seen.map((s) => `${s.method} ${s.url}`), ['POST /v1/files', 'POST /v1/batches']);
  assert.ok(seen[0].text.includes(written), 'the upload carries batch.jsonl');
  assert.match(seen[0].text, /name="purpose"\r\n\r\nbatch\r\n/);
  assert.deepEqual(JSON.parse(seen[1].text), { input_file_id: 'file-test', endpoint: '/v1/chat/completions', completion_window: '24h' });
});
