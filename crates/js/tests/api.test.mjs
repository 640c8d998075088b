// The API beyond parity: typed errors (never a crash), token counts equal
// to tiktoken's, countRequest equal to the check's count, memory bounded
// on a big stream, quota and the schemas' shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as bl from 'batchlane-core';
import { BATCH } from './helpers.mjs';

const { checkFile, checkLines, countTokens, countRequest, joinResults, quota, jsonSchema } = bl;
const { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } = bl;

test('errors are typed Error subclasses, never a crash', async () => {
  for (const C of [ReadError, OptionError, NotFoundError, InternalError]) {
    assert.ok(C.prototype instanceof BatchlaneError && BatchlaneError.prototype instanceof Error);
  }
  const dir = mkdtempSync(join(tmpdir(), 'batchlane-'));
  await assert.rejects(checkFile(join(dir, 'missing.jsonl')), (e) => e instanceof ReadError && /cannot read/.test(e.message) && e.name === 'ReadError');
  await assert.rejects(checkFile(dir), (e) => e instanceof ReadError && /directory/.test(e.message));
  await assert.rejects(checkFile(join(BATCH, 'valid.jsonl'), { dialect: 'google' }), (e) => e instanceof OptionError && /dialect/.test(e.message));
  await assert.rejects(checkFile(join(BATCH, 'valid.jsonl'), { facts: { no_such_fact: 1 } }), (e) => e instanceof OptionError && /no_such_fact/.test(e.message));
  await assert.rejects(checkFile(join(BATCH, 'valid.jsonl'), { nope: 1 }), OptionError);
  assert.throws(() => countTokens('x', 'p50k_base'), OptionError);
  assert.throws(() => quota('gpt-4oo', 'global', 1), (e) => e instanceof NotFoundError && /closest known/.test(e.message));
  assert.throws(() => quota('gpt-4o', 'moon', 1), OptionError);
  await assert.rejects(joinResults(null, null), OptionError);
  await assert.rejects(joinResults(join(dir, 'none.jsonl')), ReadError);
  assert.throws(() => checkLines('one string'), TypeError);
  assert.throws(() => checkLines([1, 2]), TypeError);
  // Garbage is a finding, not an exception.
  const junk = new Uint8Array(Buffer.from('\xff\xfe\x00{not json\n'.repeat(3), 'latin1'));
  const r = await checkFile(new Blob([junk]));
  assert.equal(r.ok, false);
  assert.ok(r.diagnostics.length > 0);
  // A failed stream is a ReadError-free rejection with the stream's own error.
  const failing = (async function* () {
    yield new TextEncoder().encode('{"custom_id":"a"');
    throw new Error('the network went away');
  })();
  await assert.rejects(checkFile(failing), /the network went away/);
});

test('countTokens equals tiktoken on the corpus', () => {
  const want = JSON.parse(readFileSync(process.env.BATCHLANE_TIKTOKEN, 'utf8'));
  assert.ok(want.texts.length > 50);
  for (const enc of ['o200k_base', 'cl100k_base']) {
    want.texts.forEach((t, i) => assert.equal(countTokens(t, enc), want[enc][i], `${enc}: ${JSON.stringify(t.slice(0, 40))}`));
  }
  assert.equal(countTokens('hello world'), want.o200k_base[want.texts.indexOf('hello world')]);
});

test('batchlane-core/tokens (the counter alone) equals tiktoken on the corpus', async () => {
  const tokens = await import('batchlane-core/tokens');
  const want = JSON.parse(readFileSync(process.env.BATCHLANE_TIKTOKEN, 'utf8'));
  for (const enc of ['o200k_base', 'cl100k_base']) {
    want.texts.forEach((t, i) => assert.equal(tokens.countTokens(t, enc), want[enc][i], `${enc}: ${JSON.stringify(t.slice(0, 40))}`));
  }
  assert.equal(tokens.countTokens('hello world'), countTokens('hello world'));
  assert.throws(() => tokens.countTokens('x', 'p50k_base'), (e) => e instanceof OptionError && e instanceof tokens.OptionError);
  assert.throws(() => tokens.countTokens(42), TypeError);
  assert.equal(tokens.version(), bl.version());
});

test('countRequest counts a line or a body as the check does', () => {
  const lines = readFileSync(join(BATCH, 'openai_chat.jsonl'), 'utf8').split('\n').filter(Boolean);
  for (const line of lines) {
    const alone = checkLines([line], { dialect: 'openai' });
    const byLine = countRequest(line);
    assert.equal(byLine.promptTokens, alone.summary.prompt_tokens);
    assert.ok(byLine.promptTokens > 0);
    const v = JSON.parse(line);
    const byBody = countRequest(v.body, { endpoint: v.url });
    assert.equal(byBody.promptTokens, byLine.promptTokens);
    assert.equal(countRequest(v.body).promptTokens, byLine.promptTokens, 'a body with messages is a chat request');
  }
  const emb = countRequest({ model: 'text-embedding-3-small', input: 'hello world' });
  assert.equal(emb.endpoint, 'Embeddings');
  const resp = countRequest({ model: 'gpt-4o', input: 'hello world' });
  assert.equal(resp.endpoint, 'Responses');
  assert.throws(() => countRequest('{not json'), OptionError);
});

test('a big stream is checked in bounded memory', async () => {
  const line = JSON.stringify({ custom_id: 'x', method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'y'.repeat(900) }] } });
  const chunk = new TextEncoder().encode(Array.from({ length: 1000 }, (_, i) => line.replace('"x"', `"r${i}"`)).join('\n') + '\n');
  const rounds = 200; // ~200 MB
  async function* big() {
    for (let i = 0; i < rounds; i++) yield chunk;
  }
  const before = process.memoryUsage().rss;
  const r = await checkFile(big(), { dialect: 'openai', countTokens: false });
  const grown = process.memoryUsage().rss - before;
  assert.equal(r.summary.requests, rounds * 1000);
  // The file is ~200 MB; the check must not hold it (custom_ids repeat, so
  // the id map stays small too).
  assert.ok(grown < 120 * (1 << 20), `RSS grew ${grown >> 20} MiB`);
});

test('quota and the schemas', () => {
  const row = quota('gpt-4o', 'datazone', 1);
  assert.ok(row && typeof row === 'object');
  const s = jsonSchema({ dialect: 'openai', kind: 'input', endpoint: '/v1/embeddings' });
  assert.equal(s.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.deepEqual(s.properties.url.enum, ['/v1/embeddings']);
  assert.throws(() => jsonSchema({ dialect: 'azure', endpoint: '/v1/embeddings' }), OptionError);
  assert.equal(typeof bl.version(), 'string');
});
