// Every export of batchlane-core and batchlane-core/tokens, used as a
// TypeScript user would: type-checked (tsc --noEmit, strict) against the
// installed package's index.d.ts and tokens.d.ts by typescript.test.mjs,
// which also checks that every declared name is used here. Never run.
import {
  init,
  checkFile,
  checkLines,
  countTokens,
  countRequest,
  joinResults,
  quota,
  jsonSchema,
  version,
  BatchlaneError,
  ReadError,
  OptionError,
  NotFoundError,
  InternalError,
  type Dialect,
  type Encoding,
  type Source,
  type CheckOptions,
  type Diagnostic,
  type Report,
  type RequestCount,
  type ResultsReport,
  type BatchRequestLine,
  type WasmModule,
} from 'batchlane-core';
import * as tokens from 'batchlane-core/tokens';

export async function everyExport(): Promise<string[]> {
  await init();
  await init({ encodings: ['o200k_base'], module: new URL('file:///batchlane_js_bg.wasm') });
  const compiled: WasmModule = {};
  await init({ module: compiled });
  await init({ module: new Uint8Array(8) });
  const dialect: Dialect = 'openai';
  const encoding: Encoding = 'cl100k_base';
  const options: CheckOptions = {
    dialect,
    endpoint: '/v1/chat/completions',
    model: 'gpt-4o-mini',
    quota: 90_000,
    countTokens: true,
    byoStorage: false,
    facts: { some_fact: 1 },
    fileName: 'batch.jsonl',
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield new Uint8Array([10]);
  }
  const sources: Source[] = ['batch.jsonl', new URL('file:///batch.jsonl'), new Blob(['\n']), new Blob(['\n']).stream(), chunks()];
  const report: Report = await checkFile(sources[0], options);
  const first: Diagnostic | undefined = report.diagnostics[0];
  const line: BatchRequestLine<{ model: string; input: string }> = {
    custom_id: 'a',
    method: 'POST',
    url: '/v1/embeddings',
    body: { model: 'text-embedding-3-small', input: 'hi' },
  };
  const again: Report = checkLines([JSON.stringify(line), new TextEncoder().encode('{}')], { dialect });
  const counted: RequestCount = countRequest(line, { model: 'text-embedding-3-small', dialect: 'azure' });
  const joined: ResultsReport = await joinResults('output.jsonl', null, 'input.jsonl', { model: 'gpt-4o' });
  const retry: string[] = await joined.retryLines();
  const row: Record<string, unknown> = quota('gpt-4o', 'global', 1);
  const schema: Record<string, unknown> = jsonSchema({ dialect, kind: 'input', endpoint: '/v1/chat/completions' });
  const n: number = countTokens('hello', encoding) + countTokens('hello') + tokens.countTokens('hello', encoding) + tokens.countTokens('hello');
  await tokens.init({ encodings: [encoding] });
  const errors: BatchlaneError[] = [new ReadError('r'), new OptionError('o'), new NotFoundError('n'), new InternalError('i')];
  const tokenErrors: Error[] = [new tokens.BatchlaneError('b'), new tokens.ReadError('r'), new tokens.OptionError('o'), new tokens.NotFoundError('n'), new tokens.InternalError('i')];
  const tokenEncoding: tokens.Encoding = 'o200k_base';
  // The declarations are not `any`: wrong calls do not compile.
  // @ts-expect-error an unknown dialect
  checkLines([], { dialect: 'google' });
  // @ts-expect-error an unknown encoding
  countTokens('x', 'p50k_base');
  // @ts-expect-error countTokens returns a number
  const notText: string = tokens.countTokens('x');
  // @ts-expect-error a Report's verdict is one of four
  const verdict: 'fine' = report.verdict;
  return [
    report.json,
    String(report.ok),
    report.verdict,
    String(report.summary.requests),
    String(report.truncated),
    JSON.stringify(report.toJSON()),
    first?.code ?? '',
    again.json,
    String(counted.promptTokens ?? counted.enqueuedTokens ?? 0),
    String(joined.ok),
    JSON.stringify(joined.outcomes),
    String(joined.requests.length + Object.keys(joined.summary).length),
    JSON.stringify(joined.toJSON()),
    ...retry,
    JSON.stringify(row),
    JSON.stringify(schema),
    String(n),
    ...errors.map((e) => e.message),
    ...tokenErrors.map((e) => e.name),
    tokenEncoding,
    notText,
    verdict,
    version(),
    tokens.version(),
  ];
}
