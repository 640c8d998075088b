// The line formats' JSON Schemas against ajv (draft 2020-12): the files the
// package ships (schemas/) equal jsonSchema(), they compile, the result
// fixtures fit, and on every input line of the fixtures and the real-world
// corpus the schema and the checker (the line alone, no tokens) agree, but
// for the lines crates/core/tests/fixtures/schema-differences.json lists
// (the Rust and Python tests hold the same file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLines, jsonSchema } from 'batchlane-core';
import { REPO, RESULTS } from './helpers.mjs';

const require = createRequire(join(process.env.BATCHLANE_AJV_DIR ?? REPO, 'package.json'));
const Ajv2020 = require('ajv/dist/2020').default;
// One Ajv per schema: the schemas of a kind share their $id.
const compile = (s) => new Ajv2020({ strict: false, unicodeRegExp: true }).compile(s);

const pkg = dirname(fileURLToPath(import.meta.resolve('batchlane-core')));

test('the shipped schema files are jsonSchema() and compile', () => {
  for (const dialect of ['azure', 'openai']) {
    for (const kind of ['input', 'output', 'error', 'batch']) {
      const file = JSON.parse(readFileSync(join(pkg, 'schemas', dialect, `${kind}.json`), 'utf8'));
      assert.deepEqual(file, jsonSchema({ dialect, kind }));
      compile(file);
    }
  }
});

function inputFixtures() {
  const out = [];
  for (const [folder, byPrefix] of [['crates/core/tests/fixtures/real', false], ['tests/fixtures/batch', true]]) {
    for (const n of readdirSync(join(REPO, folder)).sort()) {
      if (!n.endsWith('.jsonl') || n.endsWith('.sources.jsonl')) continue;
      const openai = byPrefix ? n.startsWith('openai') : n.includes('openai');
      out.push([`${folder}/${n}`, openai ? 'openai' : 'azure']);
    }
  }
  return out;
}

test('schema and checker agree on every fixture line but the listed ones', () => {
  const v = { azure: compile(jsonSchema({ dialect: 'azure' })), openai: compile(jsonSchema({ dialect: 'openai' })) };
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const differ = new Set();
  let n = 0;
  for (const [file, dialect] of inputFixtures()) {
    const bytes = readFileSync(join(REPO, file));
    let start = 0;
    for (let i = 1; start <= bytes.length; i++) {
      let end = bytes.indexOf(10, start);
      if (end < 0) end = bytes.length;
      const line = bytes.subarray(start, end);
      start = end + 1;
      if (line.every((b) => b === 32 || b === 9 || b === 13)) continue;
      n++;
      const refused = checkLines([line], { dialect, countTokens: false }).diagnostics.some((d) => d.severity === 'error');
      let fits;
      try {
        fits = v[dialect](JSON.parse(strict.decode(line)));
      } catch {
        fits = false; // not UTF-8, not JSON (a BOM too)
      }
      if (refused === fits) differ.add(JSON.stringify([file, i, refused ? 'refuses' : 'accepts', fits ? 'accepts' : 'refuses']));
    }
  }
  assert.ok(n > 300);
  const listed = new Set(
    JSON.parse(readFileSync(join(REPO, 'crates/core/tests/fixtures/schema-differences.json'), 'utf8')).lines.map((d) => {
      assert.ok(d.reason.length > 20);
      return JSON.stringify([d.file, d.line, d.checker, d.schema]);
    }),
  );
  assert.deepEqual([...differ].filter((d) => !listed.has(d)), [], 'disagreements not listed');
  assert.deepEqual([...listed].filter((d) => !differ.has(d)), [], 'listed but agreeing now');
});

const jsonl = (p) => readFileSync(p, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

test('result and batch fixtures fit their schemas', () => {
  for (const dialect of ['azure', 'openai']) {
    const [output, error, batch] = ['output', 'error', 'batch'].map((kind) => compile(jsonSchema({ dialect, kind })));
    for (const [folder, endpoint] of [['chat', '/v1/chat/completions'], ['responses', '/v1/responses']]) {
      const narrow = compile(jsonSchema({ dialect, kind: 'output', endpoint }));
      for (const l of jsonl(join(RESULTS, folder, 'output.jsonl'))) assert.ok(output(l) && narrow(l), JSON.stringify(l));
      for (const l of jsonl(join(RESULTS, folder, 'errors.jsonl'))) assert.ok(error(l), JSON.stringify(l));
      for (const l of jsonl(join(RESULTS, folder, 'input.jsonl'))) assert.ok(!output(l) && !error(l));
    }
    assert.ok(batch(JSON.parse(readFileSync(join(RESULTS, 'job_completed.json'), 'utf8'))));
    assert.ok(!batch({ object: 'file', status: 'processed' }));
  }
});
