// `batchlane-core/tokens`' API over one instance of the counter's wasm
// module (`wb`, made by wasm-bindgen from crates/js-tokens): the same
// counts as `batchlane-core`'s countTokens, with the same error classes.
import { OptionError, guard } from './errors.js';

const ENCODINGS = ['o200k_base', 'cl100k_base'];

/** `ensureTable(encoding, install)` makes the encoding's table ready (or throws). */
export function makeTokens(wb, ensureTable) {
  const call = guard();
  const install = (encoding, bytes) => call(() => wb.installRankTable(encoding, bytes));

  /** Tokens of `text`: equal to tiktoken's `len(encode_ordinary(text))`. */
  function countTokens(text, encoding = 'o200k_base') {
    if (typeof text !== 'string') throw new TypeError('countTokens takes a string');
    if (typeof encoding !== 'string' || !ENCODINGS.includes(encoding)) {
      throw new OptionError(`unknown encoding '${String(encoding)}' (o200k_base or cl100k_base)`);
    }
    if (!call(() => wb.rankTableReady(encoding))) ensureTable(encoding, install);
    return call(() => wb.countTokens(text, encoding));
  }

  return { countTokens, install, version: () => call(() => wb.version()) };
}
