// The package's errors, shared by every entry (`batchlane-core` and
// `batchlane-core/tokens`): the classes, and `guard()`, which turns what a
// wasm module throws into them.

/** Every error batchlane throws. */
export class BatchlaneError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = new.target.name;
  }
}
/** A file or stream cannot be read (missing, a directory, an I/O error). */
export class ReadError extends BatchlaneError {}
/** An argument is not one batchlane takes (a dialect, an encoding, a fact id, ...). */
export class OptionError extends BatchlaneError {}
/** No such row: an unknown model, or no quota row for that deployment and tier. */
export class NotFoundError extends BatchlaneError {}
/** A bug in batchlane (please report it): the call was stopped, the caller was not. */
export class InternalError extends BatchlaneError {}

const KINDS = { ReadError, OptionError, NotFoundError, InternalError, Error: BatchlaneError };

/**
 * `call(f)` for one instance of a wasm module: runs f, turns the module's
 * errors ("Kind: message") into their classes and a trap inside the
 * module (a bug) into InternalError, after which this instance is not used
 * again (its memory may be half-updated).
 */
export function guard() {
  let broken = null;
  return function call(f) {
    if (broken) {
      throw new InternalError('an earlier call failed inside batchlane; load the package again (a new process or worker)', { cause: broken });
    }
    try {
      return f();
    } catch (e) {
      if (typeof e === 'string') {
        const m = /^(\w+): ([\s\S]*)$/.exec(e);
        const C = (m && KINDS[m[1]]) || BatchlaneError;
        throw new C(m ? m[2] : e);
      }
      if (e instanceof WebAssembly.RuntimeError) {
        broken = e;
        throw new InternalError(`internal error in batchlane (please report it): ${e.message}`, { cause: e });
      }
      throw e;
    }
  };
}
