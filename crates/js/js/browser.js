// batchlane-core for browsers and bundlers: `await init()` once (it
// fetches the wasm module and the token tables beside this file, through
// `new URL(..., import.meta.url)`, which bundlers follow), then the API.
// checkFile and joinResults wait for init themselves.
import wbInit, * as wb from './wasm/batchlane_js.js';
import { makeApi, openStream, OptionError } from './core.js';

let ready = null;
let loaded = false;
let tables = null;

async function loadTables(encodings) {
  await Promise.all(
    encodings.map(async (enc) => {
      if (wb.rankTableReady(enc)) return;
      const r = await fetch(new URL(`./tokenizers/${wb.rankTableFile(enc)}`, import.meta.url));
      if (!r.ok) throw new OptionError(`cannot load the ${enc} table: HTTP ${r.status}`);
      wb.installRankTable(enc, new Uint8Array(await r.arrayBuffer()));
    }),
  );
}

/**
 * Loads the module (and, by default, both token tables). `{encodings:
 * ['o200k_base']}` loads only those (a check with tokens loads the rest
 * when it starts); `{module}` takes the wasm module or its URL/bytes.
 */
export function init(options = {}) {
  if (!ready) {
    const where = options.module ?? new URL('./wasm/batchlane_js_bg.wasm', import.meta.url);
    ready = wbInit({ module_or_path: where }).then(() => {
      loaded = true;
    });
  }
  const encodings = options.encodings ?? ['o200k_base', 'cl100k_base'];
  tables = ready.then(() => loadTables(encodings));
  return tables;
}

function ensureTablesSync(encodings) {
  const missing = loaded ? encodings.filter((e) => !wb.rankTableReady(e)) : encodings;
  if (!loaded || missing.length) {
    throw new OptionError(`call \`await init()\` first (missing: ${loaded ? missing.join(', ') : 'the module'})`);
  }
}

const afterLoad =
  (f) =>
  (...args) => {
    if (!loaded) throw new OptionError('call `await init()` first');
    return f(...args);
  };

function open(source) {
  const opened = openStream(source);
  if (opened) return opened;
  throw new TypeError('a source is a Blob, a ReadableStream or an AsyncIterable of Uint8Array (paths are for Node)');
}

const api = makeApi(wb, {
  open,
  reopenable: (s) => s instanceof Blob,
  ensureTablesSync,
  ensureTables: async (encodings) => {
    if (!ready) await init({ encodings });
    await ready;
    await loadTables(encodings);
  },
});

const afterInit =
  (f) =>
  async (...args) => {
    if (!ready) await init({ encodings: [] });
    await ready;
    return f(...args);
  };

export const checkFile = afterInit(api.checkFile);
export const joinResults = afterInit(api.joinResults);
export const checkLines = afterLoad(api.checkLines);
export const countTokens = afterLoad(api.countTokens);
export const countRequest = afterLoad(api.countRequest);
export const quota = afterLoad(api.quota);
export const jsonSchema = afterLoad(api.jsonSchema);
export const version = afterLoad(api.version);
export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } from './core.js';
