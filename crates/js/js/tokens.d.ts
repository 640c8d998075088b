// Types of batchlane-core/tokens (the token counter alone; Node and browsers).
export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError, Encoding } from './index.js';
import type { Encoding, WasmModule } from './index.js';

/** Node: resolves at once. Browsers: loads the module and the token tables (default both). */
export function init(options?: { encodings?: Encoding[]; module?: URL | string | ArrayBuffer | ArrayBufferView | WasmModule }): Promise<void>;
/** Equal to tiktoken's `len(encode_ordinary(text))`, and to `batchlane-core`'s countTokens. */
export function countTokens(text: string, encoding?: Encoding): number;
export function version(): string;
