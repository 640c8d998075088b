// batchlane-core/tokens for Node (>= 20): the token counter alone (a wasm
// module without the checker), instantiated synchronously at import; a
// table is read from the package's tokenizers/ on its first use.
import { readFileSync } from 'node:fs';
import * as wb from './wasm/batchlane_tokens.js';
import { makeTokens } from './tokens-api.js';

wb.initSync({ module: readFileSync(new URL('./wasm/batchlane_tokens_bg.wasm', import.meta.url)) });

const api = makeTokens(wb, (enc, install) => install(enc, readFileSync(new URL(`./tokenizers/${wb.rankTableFile(enc)}`, import.meta.url))));

/** Node instantiates at import: nothing to wait for (kept for code shared with browsers). */
export async function init() {}
export const { countTokens, version } = api;
export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } from './errors.js';
