// The package's API over one instance of the wasm module (`wb`, made by
// wasm-bindgen from crates/js) and an `io` of the platform: Node (node.js)
// or a browser / bundler (browser.js). Every answer and JSON text comes
// from the Rust core; this file streams inputs into it and gives errors
// their classes.

import { BatchlaneError, OptionError, InternalError, guard } from './errors.js';

export { BatchlaneError, ReadError, OptionError, NotFoundError, InternalError } from './errors.js';

/** Bytes fed to the checker per call: the CLI's chunk size. */
export const CHUNK = 1 << 20;

const ENCODINGS = ['o200k_base', 'cl100k_base'];

async function* streamChunks(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * A Blob, a ReadableStream or an AsyncIterable of Uint8Array as the
 * checker's chunks (both entries' sources but paths); `undefined` when the
 * source is none of them.
 */
export function openStream(source) {
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const name = typeof source.name === 'string' ? source.name : undefined;
    return { chunks: streamChunks(source.stream()), file: name, fileName: name };
  }
  if (source && typeof source.getReader === 'function') return { chunks: streamChunks(source), file: undefined, fileName: undefined };
  if (source && typeof source[Symbol.asyncIterator] === 'function') return { chunks: source, file: undefined, fileName: undefined };
  return undefined;
}

export function makeApi(wb, io) {
  const call = guard();

  // Frees a session; after a trap its memory is not touched again (the
  // call's own InternalError is the one the caller gets).
  const free = (s) => {
    try {
      call(() => s.free());
    } catch {
      // the instance is retired: nothing to free
    }
  };

  function encodingName(encoding) {
    if (typeof encoding !== 'string' || !ENCODINGS.includes(encoding)) {
      throw new OptionError(`unknown encoding '${String(encoding)}' (o200k_base or cl100k_base)`);
    }
    return encoding;
  }

  function checkOptions(options = {}) {
    if (options === null || typeof options !== 'object') throw new OptionError('options must be an object');
    const o = { ...options };
    if (o.countTokens === undefined) o.countTokens = true;
    for (const k of Object.keys(o)) {
      if (!['dialect', 'endpoint', 'model', 'quota', 'countTokens', 'byoStorage', 'facts', 'fileName'].includes(k)) {
        throw new OptionError(`unknown option '${k}'`);
      }
    }
    if (o.quota !== undefined && o.quota !== null && !(Number.isSafeInteger(o.quota) && o.quota >= 0)) {
      throw new OptionError('quota must be a whole number of tokens');
    }
    return o;
  }

  const encoder = new TextEncoder();
  const asBytes = (chunk) => {
    if (typeof chunk === 'string') return encoder.encode(chunk);
    if (chunk instanceof Uint8Array) return chunk;
    if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
    throw new TypeError(`a chunk must be a Uint8Array (got ${typeof chunk})`);
  };

  class Report {
    constructor(json, session) {
      /** `batchlane check --format json`'s text, byte for byte (its final newline too). */
      this.json = json;
      const data = JSON.parse(json);
      this.ok = session.ok();
      this.verdict = session.verdict();
      this.diagnostics = data.diagnostics;
      this.summary = JSON.parse(session.summary());
      this.truncated = Boolean(data.truncated);
    }
    toJSON() {
      return JSON.parse(this.json);
    }
    toString() {
      return this.json;
    }
  }

  async function checkChunks(chunks, options, file) {
    if (options.countTokens) {
      try {
        await io.ensureTables(ENCODINGS);
      } catch (e) {
        call(() => {
          throw e;
        });
      }
    }
    const s = call(() => new wb.CheckSession(JSON.stringify(options)));
    try {
      for await (const c of chunks) {
        const bytes = asBytes(c);
        // Big chunks in pieces: wasm memory holds one piece at a time.
        for (let at = 0; at < bytes.length; at += CHUNK) call(() => s.feed(bytes.subarray(at, at + CHUNK)));
      }
      const json = call(() => s.finish(file));
      return call(() => new Report(json, s));
    } finally {
      free(s);
    }
  }

  /**
   * Checks a batch input file, streamed: a path (Node), a Blob or File, a
   * ReadableStream or an AsyncIterable of Uint8Array.
   */
  async function checkFile(source, options = {}) {
    const o = checkOptions(options);
    const opened = io.open(source);
    if (o.fileName === undefined && opened.fileName !== undefined) o.fileName = opened.fileName;
    return checkChunks(opened.chunks, o, opened.file);
  }

  /** Checks lines not in a file: an iterable of strings or Uint8Arrays, one line each. */
  function checkLines(lines, options = {}) {
    if (typeof lines === 'string' || lines instanceof Uint8Array) {
      throw new TypeError('checkLines takes an iterable of lines, not one string (it would be checked a character at a time): pass text.split("\\n") or [text]');
    }
    if (lines == null || typeof lines[Symbol.iterator] !== 'function') {
      throw new TypeError('checkLines takes an iterable of lines (an AsyncIterable goes to checkFile)');
    }
    const o = checkOptions(options);
    if (o.countTokens) call(() => io.ensureTablesSync(ENCODINGS));
    const s = call(() => new wb.CheckSession(JSON.stringify(o)));
    try {
      let parts = [];
      let size = 0;
      const flush = () => {
        if (size === 0) return;
        const buf = new Uint8Array(size);
        let at = 0;
        for (const p of parts) {
          buf.set(p, at);
          at += p.length;
        }
        call(() => s.feed(buf));
        parts = [];
        size = 0;
      };
      const newline = new Uint8Array([10]);
      for (const line of lines) {
        if (typeof line !== 'string' && !(line instanceof Uint8Array)) {
          throw new TypeError(`checkLines takes string or Uint8Array lines, got ${typeof line}`);
        }
        const b = asBytes(line);
        parts.push(b);
        size += b.length;
        if (b.length === 0 || b[b.length - 1] !== 10) {
          parts.push(newline);
          size += 1;
        }
        if (size >= CHUNK) flush();
      }
      flush();
      const json = call(() => s.finish(undefined));
      return call(() => new Report(json, s));
    } finally {
      free(s);
    }
  }

  /** Tokens of `text`: equal to tiktoken's `len(encode_ordinary(text))`. */
  function countTokens(text, encoding = 'o200k_base') {
    if (typeof text !== 'string') throw new TypeError('countTokens takes a string');
    const enc = encodingName(encoding);
    call(() => io.ensureTablesSync([enc]));
    return call(() => wb.countTokens(text, enc));
  }

  /**
   * The tokens of one request as `batchlane check` counts them: a batch
   * line or a body (object or JSON text); `{model, endpoint, dialect}`.
   */
  function countRequest(request, options = {}) {
    const text = typeof request === 'string' ? request : JSON.stringify(request);
    if (typeof text !== 'string') throw new TypeError('countRequest takes a request object or its JSON text');
    call(() => io.ensureTablesSync(ENCODINGS));
    const r = JSON.parse(call(() => wb.countRequest(text, JSON.stringify(options ?? {}))));
    return {
      promptTokens: r.prompt_tokens,
      outputTokens: r.output_tokens,
      enqueuedTokens: r.enqueued_tokens,
      model: r.model,
      catalogModel: r.catalog_model,
      endpoint: r.endpoint,
      diagnostics: r.diagnostics,
    };
  }

  class ResultsReport {
    constructor(json, session, input) {
      /** `batchlane results --format json`'s text, byte for byte (its final newline too). */
      this.json = json;
      const data = JSON.parse(json);
      this.ok = session.ok();
      this.summary = data.report.summary;
      this.requests = data.report.rows;
      this.outcomes = JSON.parse(session.outcomes());
      this._session = session;
      this._input = input;
    }
    toJSON() {
      return JSON.parse(this.json);
    }
    toString() {
      return this.json;
    }
    /**
     * The original input lines of the retryable requests, in input order.
     * Reads the input again: the path or Blob given to joinResults, or
     * `input` (the same bytes) when a stream was given.
     */
    async retryLines(input = this._input) {
      if (input == null) throw new BatchlaneError('retryLines needs the input file: joinResults(output, errors, input)');
      const opened = io.open(input);
      const out = [];
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const c of opened.chunks) {
          const bytes = asBytes(c);
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const got = call(() => this._session.retryFeed(bytes.subarray(at, at + CHUNK)));
            text += decoder.decode(got, { stream: true });
            const cut = text.lastIndexOf('\n');
            if (cut >= 0) {
              out.push(...text.slice(0, cut).split('\n'));
              text = text.slice(cut + 1);
            }
          }
        }
      } catch (e) {
        // End the broken pass, so that the next call starts afresh.
        try {
          this._session.retryFinish();
        } catch {
          // the pass's own error is the one to report
        }
        throw e;
      }
      call(() => this._session.retryFinish());
      return out;
    }
  }

  async function feedAll(source, feed) {
    const opened = io.open(source);
    for await (const c of opened.chunks) {
      const bytes = asBytes(c);
      for (let at = 0; at < bytes.length; at += CHUNK) call(() => feed(bytes.subarray(at, at + CHUNK)));
    }
  }

  /**
   * Joins a batch's output and error files (either may be null, not both)
   * to its input (optional) on custom_id, as `batchlane results`.
   */
  async function joinResults(output, errors = null, input = null, options = {}) {
    if (output == null && errors == null) throw new OptionError('give output or errors (or both)');
    const s = call(() => new wb.JoinSession());
    if (output != null) await feedAll(output, (b) => s.feedOutput(b));
    if (errors != null) await feedAll(errors, (b) => s.feedErrors(b));
    if (input != null) await feedAll(input, (b) => s.feedInput(b));
    const json = call(() => s.finish(options.model ?? undefined));
    return call(() => new ResultsReport(json, s, io.reopenable(input) ? input : null));
  }

  /** The quota row, as `batchlane quota --format json`. */
  function quota(model, deploymentType, tier) {
    return JSON.parse(call(() => wb.quota(String(model), String(deploymentType), String(tier))));
  }

  /** The JSON Schema (2020-12) of a line format, as `batchlane schema`. */
  function jsonSchema({ dialect = 'azure', kind = 'input', endpoint } = {}) {
    return JSON.parse(call(() => wb.jsonSchema(String(dialect), String(kind), endpoint ?? undefined)));
  }

  return { checkFile, checkLines, countTokens, countRequest, joinResults, quota, jsonSchema, version: () => call(() => wb.version()) };
}
