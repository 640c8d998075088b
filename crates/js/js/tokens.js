// batchlane-core/tokens for browsers and bundlers: the token counter alone
// (a wasm module without the checker, beside the token tables). `await
// init()` once: it fetches the module and the tables (`{encodings}`:
// only those; default both), then countTokens is synchronous.
import wbInit, * as wb from './wasm/batchlane_tokens.js';
import { makeTokens } from './tokens-api.js';
import { OptionError } from './errors.js';

let ready = null;
let loaded = false;

const api = makeTokens(wb, (enc) => {
  throw new OptionError(`call \`await init()\` first (missing: ${loaded ? enc : 'the module'})`);
});

/** Loads the module and the tables (`{encodings}`; `{module}`: the wasm module or its URL/bytes). */
export function init(options = {}) {
  if (!ready) {
    const where = options.module ?? new URL('./wasm/batchlane_tokens_bg.wasm', import.meta.url);
    ready = wbInit({ module_or_path: where }).then(() => {
      loaded = true;
    });
  }
  const encodings = options.encodings ?? ['o200k_base', 'cl100k_base'];
  return ready.then(() =>
    Promise.all(
      encodings.map(async (enc) => {
        if (wb.rankTableReady(enc)) return;
        const r = await fetch(new URL(`./tokenizers/${wb.rankTableFile(enc)}`, import.meta.url));
        if (!r.ok) throw new OptionError(`cannot load the ${enc} table: HTTP ${r.status}`);
        api.install(enc, new Uint8Array(await r.arrayBuffer()));
      }),
    ).then(() => {}),
  );
}

export function countTokens(text, encoding = 'o200k_base') {
  if (!loaded) throw new OptionError('call `await init()` first');
  return api.countTokens(text, encoding);
}
export function version() {
  if (!loaded) throw new OptionError('call `await init()` first');
  return api.version();
}
export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } from './errors.js';
