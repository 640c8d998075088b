// One test in Chromium (Debian's, driven by the repository's Playwright):
// the installed package's browser entry, served over HTTP as a page would
// load it, `await init()` fetches the module and the tables, and
// checkFile(Blob) gives the CLI's JSON for a fixture (without its `file`
// key: a Blob has no path), countTokens the Node entry's count, and so
// does batchlane-core/tokens' browser entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'batchlane-core';
import { BATCH, REPO, cli } from './helpers.mjs';

const pkg = dirname(fileURLToPath(import.meta.resolve('batchlane-core')));
const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html', '.bin': 'application/octet-stream', '.json': 'application/json' };

test('the browser entry in Chromium: init, checkFile(Blob), countTokens', async () => {
  const fixture = join(BATCH, 'openai_chat.jsonl');
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>batchlane-core</title>');
    }
    if (url.pathname === '/fixture.jsonl') return res.end(readFileSync(fixture));
    const path = normalize(join(pkg, url.pathname.replace(/^\/pkg\//, '/')));
    if (!url.pathname.startsWith('/pkg/') || !path.startsWith(pkg)) {
      res.writeHead(404);
      return res.end();
    }
    try {
      const body = readFileSync(path);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  const require = createRequire(join(REPO, 'package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || execSync('command -v chromium').toString().trim(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    const got = await page.evaluate(async () => {
      const bl = await import('/pkg/browser.js');
      let early = null;
      try {
        bl.countTokens('x');
      } catch (e) {
        early = e.name;
      }
      await bl.init();
      const blob = await (await fetch('/fixture.jsonl')).blob();
      const report = await bl.checkFile(blob, { dialect: 'openai', fileName: 'openai_chat.jsonl' });
      // The counter alone: its own small module and the o200k table only.
      const tk = await import('/pkg/tokens.js');
      await tk.init({ encodings: ['o200k_base'] });
      let noTable = null;
      try {
        tk.countTokens('x', 'cl100k_base');
      } catch (e) {
        noTable = e.name;
      }
      const alone = tk.countTokens('안녕하세요, world');
      return { early, json: report.json, tokens: bl.countTokens('안녕하세요, world'), alone, noTable, ok: report.ok };
    });
    const want = JSON.parse(cli('check', fixture, '--format', 'json', '--dialect', 'openai').stdout);
    delete want.file;
    assert.deepEqual(JSON.parse(got.json), want);
    assert.equal(got.early, 'OptionError', 'a call before init() says so');
    assert.equal(got.tokens, countTokens('안녕하세요, world'));
    assert.equal(got.alone, got.tokens, 'batchlane-core/tokens counts as the package does');
    assert.equal(got.noTable, 'OptionError', 'a table not loaded says so');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
