// batchlane-core for Node (>= 20): the wasm module is instantiated
// synchronously at import (no await needed), the token tables are read
// from the package's tokenizers/ on first use, and a path is streamed
// from disk in 1 MiB chunks.
import { closeSync, createReadStream, openSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wb from './wasm/batchlane_js.js';
import { makeApi, openStream, ReadError, CHUNK } from './core.js';

wb.initSync({ module: readFileSync(new URL('./wasm/batchlane_js_bg.wasm', import.meta.url)) });

function ensureTablesSync(encodings) {
  for (const enc of encodings) {
    if (!wb.rankTableReady(enc)) {
      wb.installRankTable(enc, readFileSync(new URL(`./tokenizers/${wb.rankTableFile(enc)}`, import.meta.url)));
    }
  }
}

async function* fileChunks(path, shown) {
  try {
    for await (const c of createReadStream(path, { highWaterMark: CHUNK })) yield c;
  } catch (e) {
    throw new ReadError(`cannot read ${shown}: ${e.message}`, { cause: e });
  }
}

function open(source) {
  if (typeof source === 'string' || source instanceof URL) {
    const path = source instanceof URL ? fileURLToPath(source) : source;
    const shown = String(source);
    let st;
    try {
      st = statSync(path);
      if (!st.isDirectory()) closeSync(openSync(path, 'r'));
    } catch (e) {
      throw new ReadError(`cannot read ${shown}: ${e.message}`, { cause: e });
    }
    if (st.isDirectory()) throw new ReadError(`cannot read ${shown}: it is a directory`);
    return { chunks: fileChunks(path, shown), file: shown, fileName: basename(path) };
  }
  const opened = openStream(source);
  if (opened) return opened;
  throw new TypeError('a source is a path, a URL, a Blob, a ReadableStream or an AsyncIterable of Uint8Array');
}

const reopenable = (s) => typeof s === 'string' || s instanceof URL || (typeof Blob !== 'undefined' && s instanceof Blob);

const api = makeApi(wb, { open, reopenable, ensureTablesSync, ensureTables: async (e) => ensureTablesSync(e) });

/** Node instantiates at import: nothing to wait for (kept for code shared with browsers). */
export async function init() {}
export const { checkFile, checkLines, countTokens, countRequest, joinResults, quota, jsonSchema, version } = api;
export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } from './core.js';
