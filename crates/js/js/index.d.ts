// Types of batchlane-core (the same for Node and browsers).

/** Every error batchlane throws. */
export class BatchlaneError extends Error {}
/** A file or stream cannot be read (missing, a directory, an I/O error). */
export class ReadError extends BatchlaneError {}
/** An argument is not one batchlane takes (a dialect, an encoding, a fact id, ...). */
export class OptionError extends BatchlaneError {}
/** No such row: an unknown model, or no quota row for that deployment and tier. */
export class NotFoundError extends BatchlaneError {}
/** A bug in batchlane (please report it): the call was stopped, the caller was not. */
export class InternalError extends BatchlaneError {}

export type Dialect = 'azure' | 'openai';
export type Encoding = 'o200k_base' | 'cl100k_base';

/** A file to read, streamed: a path or file: URL (Node), a Blob or File, a ReadableStream, an AsyncIterable of bytes. */
export type Source = string | URL | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** `batchlane check`'s flags. */
export interface CheckOptions {
  /** Default "azure". */
  dialect?: Dialect;
  /** The batch's endpoint url (`--endpoint`). */
  endpoint?: string;
  /** The model (`--model`): an Azure deployment name's model. */
  model?: string;
  /** The enqueued-token quota (`--quota`). */
  quota?: number;
  /** Count tokens exactly (default true; `--no-tokens` is false). */
  countTokens?: boolean;
  /** Bring-your-own storage (`--byo-storage`). */
  byoStorage?: boolean;
  /** Catalog overrides (`--fact ID=VALUE`). */
  facts?: Record<string, number>;
  /** The name the file will be uploaded under (checked for `.jsonl`). */
  fileName?: string;
}

/** One finding: a row of `batchlane check --format json`'s diagnostics. */
export interface Diagnostic {
  line: number;
  column?: number;
  severity: 'error' | 'warning' | 'info';
  /** "batch" (the file is refused), "request" (this request fails) or "advice". */
  stage: 'batch' | 'request' | 'advice';
  code: string;
  param?: string;
  message: string;
  evidence: 'documented' | 'observed' | 'inferred';
  source?: string;
}

export interface Report {
  /** `batchlane check --format json`'s text, byte for byte (its final newline too, as Python's `to_json()`). */
  readonly json: string;
  /** No errors, and every line checked (the CLI's exit code 0). */
  readonly ok: boolean;
  readonly verdict: 'ready' | 'batch_fails' | 'requests_fail' | 'not_confirmed';
  readonly diagnostics: Diagnostic[];
  /** The CLI JSON's summary plus lines, output_tokens, catalog_model, cost_usd_max and quota. */
  readonly summary: Record<string, unknown> & {
    requests: number;
    errors: number;
    warnings: number;
    prompt_tokens: number | null;
    enqueued_tokens: number | null;
    cost_usd_max: number | null;
  };
  readonly truncated: boolean;
  toJSON(): unknown;
}

export interface RequestCount {
  promptTokens: number | null;
  outputTokens: number | null;
  enqueuedTokens: number | null;
  model: string | null;
  catalogModel: string | null;
  endpoint: string | null;
  diagnostics: Diagnostic[];
}

export interface ResultsReport {
  /** `batchlane results --format json`'s text, byte for byte (its final newline too). */
  readonly json: string;
  /** Every request succeeded (the CLI's exit code 0). */
  readonly ok: boolean;
  readonly summary: Record<string, number>;
  /** custom_id → outcome (succeeded, truncated, content_filtered, rate_limited, server_error, client_error, batch_expired, batch_cancelled, request_timeout, missing). */
  readonly outcomes: Record<string, string>;
  /** One row per request, as the CLI JSON's `report.rows`. */
  readonly requests: Array<Record<string, unknown>>;
  /** The input lines of the retryable requests, in input order (reads the input again). */
  retryLines(input?: Source): Promise<string[]>;
  toJSON(): unknown;
}

/** A batch input line; `Body` may be openai-node's request type. */
export interface BatchRequestLine<Body = Record<string, unknown>> {
  custom_id: string;
  method: 'POST';
  url: string;
  body: Body;
}

/** A compiled `WebAssembly.Module` (typed as an object: the declarations do not assume the DOM lib). */
export type WasmModule = object;

/** Node: resolves at once. Browsers: loads the module and the token tables (default both). */
export function init(options?: { encodings?: Encoding[]; module?: URL | string | ArrayBuffer | ArrayBufferView | WasmModule }): Promise<void>;
/** Checks a batch input file, streamed in 1 MiB chunks (memory stays bounded). */
export function checkFile(source: Source, options?: CheckOptions): Promise<Report>;
/** Checks lines not in a file (strings or bytes, one line each; a final newline is added). */
export function checkLines(lines: Iterable<string | Uint8Array>, options?: CheckOptions): Report;
/** Equal to tiktoken's `len(encode_ordinary(text))`. */
export function countTokens(text: string, encoding?: Encoding): number;
/** One request's tokens as `batchlane check` counts them (a batch line or a body). */
export function countRequest(
  request: string | BatchRequestLine<unknown> | Record<string, unknown>,
  options?: { model?: string; endpoint?: string; dialect?: Dialect },
): RequestCount;
/** Joins output and error files (either may be null, not both) to the input on custom_id. */
export function joinResults(output: Source | null, errors?: Source | null, input?: Source | null, options?: { model?: string }): Promise<ResultsReport>;
/** The quota row, as `batchlane quota --format json`. */
export function quota(model: string, deploymentType: 'global' | 'datazone' | 'regional' | 'standard', tier: number | string): Record<string, unknown>;
/** The JSON Schema (2020-12) of a line format, as `batchlane schema`. */
export function jsonSchema(options?: { dialect?: Dialect; kind?: 'input' | 'output' | 'error' | 'batch'; endpoint?: string }): Record<string, unknown>;
export function version(): string;
