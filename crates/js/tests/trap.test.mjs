// A trap inside the wasm module (a bug in batchlane, or memory exhausted)
// reaches the caller as InternalError, never as a crash, and the instance
// is not used again. Forced with no test-only code in the package: the
// module's memory is grown to its limit (through the glue's own
// initSync, which hands back the running instance's exports), so the
// next allocation aborts, which in wasm is a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as bl from 'batchlane-core';
import * as tokens from 'batchlane-core/tokens';

const pkg = dirname(fileURLToPath(import.meta.resolve('batchlane-core')));

/** The running instance's exports; its memory grown until it cannot grow. */
async function exhaust(glueFile) {
  const glue = await import(pathToFileURL(join(pkg, 'wasm', glueFile)).href);
  const exports = glue.initSync({ module: new Uint8Array() });
  const before = exports.memory.buffer.byteLength;
  for (let step = 1 << 16; step >= 1; step >>= 1) {
    for (;;) {
      try {
        exports.memory.grow(step);
      } catch {
        break;
      }
    }
  }
  assert.ok(exports.memory.buffer.byteLength > before, 'the memory grew');
}

const big = 'tokens '.repeat(8 << 20);

test('a trap in batchlane-core is an InternalError, and the instance is retired', async () => {
  assert.ok(bl.countTokens('hello') > 0);
  await exhaust('batchlane_js.js');
  assert.throws(
    () => bl.countTokens(big),
    (e) => e instanceof bl.InternalError && e instanceof bl.BatchlaneError && e.cause instanceof WebAssembly.RuntimeError && /internal error/.test(e.message),
  );
  // Every later call is refused the same way, not run on broken memory.
  for (const f of [() => bl.countTokens('hello'), () => bl.checkLines(['{}']), () => bl.quota('gpt-4o', 'global', 1)]) {
    assert.throws(f, (e) => e instanceof bl.InternalError && /earlier call failed/.test(e.message));
  }
});

test('a trap in batchlane-core/tokens is an InternalError too', async () => {
  assert.ok(tokens.countTokens('hello') > 0);
  await exhaust('batchlane_tokens.js');
  assert.throws(() => tokens.countTokens(big), (e) => e instanceof tokens.InternalError && e.cause instanceof WebAssembly.RuntimeError);
  assert.throws(() => tokens.countTokens('hello'), (e) => e instanceof tokens.InternalError && /earlier call failed/.test(e.message));
  // The two entries share the error classes.
  assert.equal(tokens.InternalError, bl.InternalError);
});
