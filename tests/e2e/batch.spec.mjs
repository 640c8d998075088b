// /batch: upload broken and valid files, read the codes, lines and tokens,
// open a line, repair and re-check, split, and values from the file as text.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { prefer, watchErrors, ready, SCREENSHOTS, shot } from "./helpers.mjs";

const FIX = "tests/fixtures/batch";

/** The CLI's prompt_tokens for a file (the native binary, when built). */
function cliPromptTokens(file, fallback) {
  const dir = process.env.CARGO_TARGET_DIR || "target";
  for (const profile of ["release", "debug"]) {
    const bin = join(dir, profile, "batchlane");
    if (existsSync(bin)) {
      let out;
      try {
        out = execFileSync(bin, ["check", file, "--format", "json"]);
      } catch (e) {
        out = e.stdout; // exit 1 = errors found
      }
      return JSON.parse(out.toString()).summary.prompt_tokens;
    }
  }
  return fallback;
}

async function open(page, lang = "en") {
  await prefer(page, { lang });
  await page.goto("/batch");
  await ready(page, lang === "en" ? "Batch file check" : "배치 파일 검사");
}

async function upload(page, file) {
  await page.getByTestId("batch-file-input").setInputFiles(file);
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/);
  return summary;
}

/** [line, code] of every row in the table. */
async function rows(page) {
  return page.getByTestId("batch-diag-row").evaluateAll((trs) =>
    trs.map((tr) => [Number(tr.dataset.line), tr.dataset.code]),
  );
}

test("a broken Azure file: codes, lines, filters, the line view", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const summary = await upload(page, `${FIX}/broken.jsonl`);
  await expect(summary).toHaveAttribute("data-requests", "6");
  await expect(summary).toHaveAttribute("data-errors", "4");
  await expect(summary).toHaveAttribute("data-warnings", "3");
  expect(await rows(page)).toEqual([
    [2, "duplicate_custom_id"],
    [3, "max_tokens_unset"],
    // A chat body on the Responses url: the url finding alone, as the service answers.
    [3, "url_mismatch"],
    [4, "model_mismatch"],
    // Undocumented on Azure (OpenAI documents it): a warning.
    [5, "streaming_unsupported"],
    [6, "invalid_json_line"],
    [7, "blank_line"],
  ]);
  // Filters.
  await page.getByTestId("batch-filter-severity").selectOption("warning");
  expect(await rows(page)).toEqual([[3, "max_tokens_unset"], [5, "streaming_unsupported"], [7, "blank_line"]]);
  await page.getByTestId("batch-filter-severity").selectOption("");
  await page.getByTestId("batch-filter-code").selectOption("url_mismatch");
  expect(await rows(page)).toEqual([[3, "url_mismatch"]]);
  // The line, the spot and the fix.
  await page.getByTestId("batch-diag-row").first().getByRole("button").click();
  const view = page.getByTestId("batch-line-view");
  await expect(view).toContainText('"url": "/v1/responses"');
  const mark = page.getByTestId("batch-line-mark");
  await expect(mark).toHaveText('"');
  const before = await view.evaluate((pre) => pre.textContent.split("")).then((c) => c.length);
  expect(before).toBeGreaterThan(40);
  await expect(page.getByTestId("batch-fix")).toContainText("Use the same url on every line");
  // The column: the mark sits at the reported column (40).
  const column = await view.evaluate((pre) => {
    const m = pre.querySelector("mark");
    let n = 0;
    for (const node of pre.childNodes) {
      if (node === m) break;
      n += [...node.textContent].length;
    }
    return n + 1;
  });
  expect(column).toBe(40);
  await page.getByTestId("batch-filter-code").selectOption("");
  await page.locator('[data-testid="batch-diag-row"][data-code="invalid_json_line"]').click();
  await expect(page.getByTestId("batch-line-view")).toContainText('{"custom_id": "t-6", "method": "POST",');
  await expect(page.getByTestId("batch-fix")).toContainText("one complete JSON object");
  await shot(page, { path: `${SCREENSHOTS}/batch-broken-en.png`, fullPage: true });
  errors.check();
});

test("a BOM file: utf8_bom on line 1; the repaired download re-checks clean", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const summary = await upload(page, `${FIX}/bom.jsonl`);
  await expect(summary).not.toHaveAttribute("data-errors", "0");
  const bom = page.locator('[data-testid="batch-diag-row"][data-code="utf8_bom"]');
  await expect(bom).toHaveAttribute("data-line", "1");
  await bom.click();
  await expect(page.getByTestId("batch-line-mark")).toHaveText("BOM");
  await expect(page.getByTestId("batch-fix")).toContainText("without a BOM");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-repair").click()]);
  expect(download.suggestedFilename()).toBe("bom.fixed.jsonl");
  await expect(page.getByTestId("batch-repair-result")).toContainText("BOM removed");
  const fixed = await download.path();
  await page.getByTestId("batch-file-input").setInputFiles({ name: "fixed.jsonl", mimeType: "application/jsonl", buffer: await (await import("node:fs/promises")).readFile(fixed) });
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-errors", "0");
  errors.check();
});

test("renaming duplicate custom_ids only when asked, each rename listed", async ({ page }) => {
  await open(page);
  await upload(page, `${FIX}/script_id.jsonl`);
  const [plain] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-repair").click()]);
  await expect(page.getByTestId("batch-repair-result")).not.toContainText("renamed");
  const text = (await (await import("node:fs/promises")).readFile(await plain.path())).toString();
  expect(text.match(/<script>alert\(1\)<\/script>"/g).length).toBe(2);
  await page.getByTestId("batch-rename").check();
  const [renamed] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-repair").click()]);
  await expect(page.getByTestId("batch-repair-result")).toContainText("1 custom_ids renamed");
  await expect(page.getByTestId("batch-repair-result")).toContainText("<script>alert(1)</script>-2");
  const out = (await (await import("node:fs/promises")).readFile(await renamed.path())).toString();
  expect(out).toContain('"custom_id": "<script>alert(1)</script>-2"');
});

test("a valid file: no errors and the CLI's exact token count", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const file = `${FIX}/valid_mixed.jsonl`;
  const expected = cliPromptTokens(file, 223);
  const summary = await upload(page, file);
  await expect(summary).toHaveAttribute("data-errors", "0");
  await expect(summary).toHaveAttribute("data-requests", "5");
  await expect(summary).toHaveAttribute("data-tokens", String(expected));
  await expect(summary).toContainText("o200k_base");
  await expect(summary).toContainText("$"); // gpt-4o has a price
  await expect(page.locator(".batch-chart svg[role=img]")).toHaveCount(1);
  // Editing the price reprices at once; nonsense is refused inline.
  const price = page.getByTestId("batch-price-input");
  await price.fill("abc");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  // Issue 39: a price reads as a quota does ("1 000" was refused here).
  await price.fill("1 000");
  await expect(price).not.toHaveAttribute("aria-invalid", "true");
  await price.fill("2");
  await expect(price).not.toHaveAttribute("aria-invalid", "true");
  await expect(summary).toContainText("input $2");
  // A typed quota below the file's enqueued tokens fails the check.
  await page.getByTestId("batch-quota").selectOption("typed");
  await page.getByTestId("batch-quota-tokens").fill("500");
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-errors", "1");
  await expect(page.locator('[data-testid="batch-diag-row"][data-code="token_limit_exceeded"]')).toHaveCount(1);
  await shot(page, { path: `${SCREENSHOTS}/batch-valid-en.png`, fullPage: true });
  errors.check();
});

test("values from the file render as text", async ({ page }) => {
  const errors = watchErrors(page);
  let dialogs = 0;
  page.on("dialog", (d) => { dialogs++; d.dismiss(); });
  await open(page);
  const summary = await upload(page, `${FIX}/script_id.jsonl`);
  await expect(summary).toHaveAttribute("data-errors", "2");
  const mismatch = page.locator('[data-testid="batch-diag-row"][data-code="model_mismatch"]');
  await expect(mismatch).toContainText("<img src=x onerror=alert(2)>");
  await page.locator('[data-testid="batch-diag-row"][data-code="duplicate_custom_id"]').click();
  await expect(page.getByTestId("batch-line-view")).toContainText('"custom_id": "<script>alert(1)</script>"');
  expect(await page.locator("main script, main img").count()).toBe(0);
  expect(dialogs).toBe(0);
  errors.check();
});

test("OpenAI dialect sample, paste box, split, and Korean", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, "ko");
  await page.locator('[data-sample="broken-openai"]').click();
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/);
  await expect(page.getByTestId("batch-dialect")).toHaveValue("openai");
  expect(await rows(page)).toEqual(expect.arrayContaining([[1, "utf8_bom"], [2, "invalid_url"], [3, "invalid_request"], [4, "duplicate_json_key"]]));
  const bomRow = page.locator('[data-testid="batch-diag-row"][data-code="utf8_bom"]');
  await expect(bomRow).toContainText("경고");
  await bomRow.click();
  await expect(page.getByTestId("batch-fix")).toContainText("BOM 없는 UTF-8");
  await shot(page, { path: `${SCREENSHOTS}/batch-broken-ko.png`, fullPage: true });
  // Split into files.
  await page.getByTestId("batch-split").click();
  await expect(page.getByTestId("batch-split-part")).toHaveCount(1);
  // Paste box.
  await page.locator(".batch-paste summary").click();
  const valid = (await (await import("node:fs/promises")).readFile(`${FIX}/valid.jsonl`)).toString();
  await page.getByTestId("batch-paste").fill(valid);
  await page.getByRole("button", { name: "이 텍스트 검사" }).click();
  await expect(page.getByTestId("batch-source-name")).toContainText("붙여 넣은 텍스트");
  await expect(summary).toHaveAttribute("data-errors", "0");
  await shot(page, { path: `${SCREENSHOTS}/batch-valid-ko.png`, fullPage: true });
  errors.check();
});

test("dark theme and phone width", async ({ page }) => {
  await prefer(page, { lang: "en", theme: "dark" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/batch");
  await ready(page, "Batch file check");
  await page.locator('[data-sample="broken-azure"]').click();
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-errors", /[1-9]/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, { path: `${SCREENSHOTS}/batch-dark-phone.png`, fullPage: true });
});

/** `n` valid lines: the valid fixture's lines, custom_ids made unique. */
async function bigFile(n) {
  const fs = await import("node:fs/promises");
  const lines = (await fs.readFile(`${FIX}/valid_mixed.jsonl`)).toString().trim().split("\n");
  const out = [];
  for (let i = 0; i < n; i++) out.push(lines[i % lines.length].replace(/"ticket-\d+"/, `"ticket-${i}"`));
  return Buffer.from(out.join("\n") + "\n");
}

test("several workers: the merged report equals the single-worker one", async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem("batchlane.batch.parallel_min_bytes", "0"));
  let workers = 0;
  page.on("worker", () => workers++);
  await open(page);
  // Same codes and lines as the one-worker test above.
  const summary = await upload(page, `${FIX}/broken.jsonl`);
  await expect(summary).toHaveAttribute("data-errors", "4");
  await expect(summary).toHaveAttribute("data-tokens", "52");
  expect((await rows(page)).length).toBe(7);
  // One structural worker and at least one token worker.
  expect(workers).toBeGreaterThanOrEqual(2);
  // Exact tokens on a file split over the workers: 223 per 5 lines.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByTestId("batch-file-input").setInputFiles({ name: "big.jsonl", mimeType: "application/jsonl", buffer: await bigFile(2000) });
  await expect(page.getByTestId("batch-source-name")).toContainText("big.jsonl");
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-requests", "2000", { timeout: 60_000 });
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-tokens", String(223 * 400));
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-errors", "0");
  console.log(`parallel check of 2000 lines on ${cores} cores`);
  errors.check();
});

test("Cancel stops a running check", async ({ page }) => {
  await open(page);
  await page.getByTestId("batch-file-input").setInputFiles({ name: "huge.jsonl", mimeType: "application/jsonl", buffer: await bigFile(60_000) });
  await expect(page.getByTestId("batch-progress")).toBeVisible();
  await expect(page.getByTestId("batch-progress")).toContainText("MB/s");
  await page.getByTestId("batch-cancel").click();
  await expect(page.getByTestId("batch-progress")).toHaveCount(0);
  await expect(page.getByText("The check was cancelled.")).toBeVisible();
  await expect(page.getByTestId("batch-summary")).toHaveCount(0);
});

test("count tokens off: structural checks only, same errors", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const toggle = page.getByTestId("batch-count-tokens");
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  const summary = await upload(page, `${FIX}/broken.jsonl`);
  await expect(summary).toHaveAttribute("data-requests", "6");
  await expect(summary).toHaveAttribute("data-errors", "4");
  expect(["", "0"]).toContain(await summary.getAttribute("data-tokens"));
  await expect(summary).toContainText("token counting is off");
  expect(await rows(page)).toEqual([
    [2, "duplicate_custom_id"],
    [3, "max_tokens_unset"],
    // A chat body on the Responses url: the url finding alone, as the service answers.
    [3, "url_mismatch"],
    [4, "model_mismatch"],
    // Undocumented on Azure (OpenAI documents it): a warning.
    [5, "streaming_unsupported"],
    [6, "invalid_json_line"],
    [7, "blank_line"],
  ]);
  // Turning it back on re-checks the (small) file with tokens.
  await toggle.check();
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-tokens", "52");
  errors.check();
});

test("options live in the URL and survive a reload; the snippets link", async ({ page, browser }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByTestId("batch-dialect").selectOption("openai");
  await page.getByTestId("batch-model").selectOption("gpt-4o");
  await page.getByTestId("batch-quota").selectOption("typed");
  await page.getByTestId("batch-quota-tokens").fill("90000");
  await page.getByTestId("batch-price-input").fill("1.5");
  await page.getByTestId("batch-count-tokens").uncheck();
  await expect(page).toHaveURL(/dialect=openai/);
  await expect(page).toHaveURL(/count_tokens=0/);
  const url = page.url();
  expect(url).toContain("model=gpt-4o");
  expect(url).toContain("enqueued_limit=90000");
  const check = async (p) => {
    await expect(p.getByTestId("batch-dialect")).toHaveValue("openai");
    await expect(p.getByTestId("batch-model")).toHaveValue("gpt-4o");
    await expect(p.getByTestId("batch-quota")).toHaveValue("typed");
    await expect(p.getByTestId("batch-quota-tokens")).toHaveValue("90000");
    await expect(p.getByTestId("batch-price-input")).toHaveValue("1.5");
    await expect(p.getByTestId("batch-count-tokens")).not.toBeChecked();
  };
  // A reload of a bare /batch: from localStorage.
  await page.goto("/batch");
  await ready(page, "Batch file check");
  await check(page);
  await expect(page).toHaveURL(/dialect=openai/);
  // A link in a fresh browser context (no storage) restores them.
  const other = await browser.newContext();
  const p2 = await other.newPage();
  await prefer(p2, { lang: "en" });
  await p2.goto(url);
  await ready(p2, "Batch file check");
  await check(p2);
  await other.close();
  // The summary links to the snippets' batch tab with the deployment and dialect.
  await page.getByTestId("batch-count-tokens").check();
  await page.getByTestId("batch-dialect").selectOption("azure");
  await upload(page, `${FIX}/valid.jsonl`);
  const link = page.getByTestId("batch-snippets-link");
  await expect(link).toHaveText("Generate submission code for this file");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/snippets\?tab=batch&dialect=azure&deployment=/);
  await shot(page, { path: `${SCREENSHOTS}/batch-options-en.png`, fullPage: true });
  await link.click();
  await expect(page).toHaveURL(/\/snippets/);
  const dep = decodeURIComponent(href.match(/deployment=([^&]*)/)[1]);
  await expect(page.getByTestId("snip-batch-deployment")).toHaveValue(dep);
  errors.check();
});

// Links saved before the options table (issue 39) still open the same
// options, in both languages; the URL then says them with today's keys,
// and a link with every option round-trips through a fresh page.
for (const lang of ["en", "ko"]) {
  test(`an old /batch link opens its options and the options round-trip (${lang})`, async ({ page, browser }) => {
    const errors = watchErrors(page);
    const title = lang === "en" ? "Batch file check" : "배치 파일 검사";
    await prefer(page, { lang });
    await page.goto("/batch?dialect=openai&byo=1&model=gpt-4o&quota=typed&quota_tokens=90000&price_in=1.5&count_tokens=false");
    await ready(page, title);
    await expect(page.getByTestId("link-banner")).toBeVisible();
    await expect(page.getByTestId("link-refused")).toHaveCount(0);
    await expect(page.getByTestId("batch-dialect")).toHaveValue("openai");
    await expect(page.getByTestId("batch-model")).toHaveValue("gpt-4o");
    await expect(page.getByTestId("batch-quota")).toHaveValue("typed");
    await expect(page.getByTestId("batch-quota-tokens")).toHaveValue("90000");
    await expect(page.getByTestId("batch-price-input")).toHaveValue("1.5");
    await expect(page.getByTestId("batch-count-tokens")).not.toBeChecked();
    await expect(page.getByTestId("batch-byo")).toBeChecked();
    // The URL follows the page in today's words.
    await expect(page).toHaveURL(/enqueued_limit=90000/);
    await expect(page).toHaveURL(/byo_storage=1/);
    expect(page.url()).not.toContain("quota_tokens");
    // An old subscription choice, and a refused value named in the banner.
    await page.goto("/batch?quota=ea&zone=datazone&dialect=azure&count_tokens=maybe");
    await ready(page, title);
    await expect(page.getByTestId("batch-quota")).toHaveValue("ea");
    await expect(page.getByTestId("link-refused")).toContainText("count_tokens");
    // Every option set on the page, opened in a fresh context from the URL.
    await page.getByTestId("batch-dialect").selectOption("openai");
    await page.getByTestId("batch-endpoint").selectOption("/v1/responses");
    await page.getByTestId("batch-model").selectOption("gpt-4.1-mini");
    await page.getByTestId("batch-quota").selectOption("openai3");
    await page.getByTestId("batch-price-input").fill("0.5");
    await page.getByTestId("batch-count-tokens").uncheck();
    await expect(page).toHaveURL(/endpoint=%2Fv1%2Fresponses/);
    await expect(page).toHaveURL(/enqueued_limit=openai3/);
    const url = page.url();
    const other = await browser.newContext();
    const p2 = await other.newPage();
    await prefer(p2, { lang });
    await p2.goto(url);
    await ready(p2, title);
    await expect(p2.getByTestId("batch-dialect")).toHaveValue("openai");
    await expect(p2.getByTestId("batch-endpoint")).toHaveValue("/v1/responses");
    await expect(p2.getByTestId("batch-model")).toHaveValue("gpt-4.1-mini");
    await expect(p2.getByTestId("batch-quota")).toHaveValue("openai3");
    await expect(p2.getByTestId("batch-price-input")).toHaveValue("0.5");
    await expect(p2.getByTestId("batch-count-tokens")).not.toBeChecked();
    expect(p2.url()).toBe(url);
    // A refused price is said under its field in the page's language.
    await p2.getByTestId("batch-price-input").fill("-1");
    await expect(p2.locator(".field-error")).toContainText(lang === "en" ? "a price can't be negative" : "가격은 음수일 수 없습니다");
    await shot(p2, { path: `${SCREENSHOTS}/batch-options-link-${lang}.png`, fullPage: true });
    await other.close();
    errors.check();
  });
}

// A request body the API refuses fails only that request: the headline says
// the batch would run, each error row says what it fails, in both languages.
for (const [lang, theme, headline, request, batch, documented, inferred] of [
  ["en", "light", "the batch would run, but 1 request would fail", "fails this request", "fails the batch", "documented", "inferred"],
  ["ko", "dark", "배치는 실행되지만 요청 1건이 실패합니다", "이 요청만 실패", "배치 전체 실패", "문서 근거", "추정"],
]) {
  test(`request-level errors: the batch would run (${lang}, ${theme})`, async ({ page }) => {
    const errors = watchErrors(page);
    await prefer(page, { lang, theme });
    await page.goto("/batch");
    await ready(page, lang === "en" ? "Batch file check" : "배치 파일 검사");
    await page.getByTestId("batch-dialect").selectOption("openai");
    const ok = '{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}}';
    const bad = ok.replace('"custom_id": "a"', '"custom_id": "b"').replace('"max_tokens": 5', '"max_tokens": 5, "temperature": 3, "stop": ["a", "b", "c", "d", "e"]');
    await page.getByTestId("batch-file-input").setInputFiles({ name: "requests.json", mimeType: "application/json", buffer: Buffer.from(`${ok}\n${bad}\n`) });
    const summary = page.getByTestId("batch-summary");
    await expect(summary).toHaveAttribute("data-verdict", "requests_fail");
    await expect(summary).toHaveAttribute("data-failing-requests", "1");
    await expect(page.locator("#batch-summary-title")).toContainText(headline);
    expect(await rows(page)).toEqual([
      [0, "file_name_not_jsonl"],
      [2, "decimal_above_max_value"],
      [2, "array_above_max_length"],
    ]);
    const stages = page.getByTestId("batch-diag-stage");
    await expect(stages).toHaveCount(2);
    await expect(stages.first()).toHaveAttribute("data-stage", "request");
    await expect(stages.first()).toHaveText(request);
    // Every row says what it rests on and links its source; no error is an inference.
    const evidence = page.getByTestId("batch-diag-evidence");
    await expect(evidence).toHaveCount(3);
    await expect(evidence.nth(0)).toHaveAttribute("data-evidence", "inferred");
    await expect(evidence.nth(0)).toHaveText(inferred);
    for (const i of [1, 2]) {
      await expect(evidence.nth(i)).toHaveAttribute("data-evidence", "documented");
      await expect(evidence.nth(i)).toHaveText(documented);
      await expect(evidence.nth(i)).toHaveAttribute("href", /^https:\/\//);
    }
    await shot(page, { path: `${SCREENSHOTS}/batch-request-errors-${lang}-${theme}.png`, fullPage: true });
    // A duplicate id fails the whole batch: the headline and the row say so.
    await page.getByTestId("batch-file-input").setInputFiles({ name: "requests.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(`${ok}\n${ok}\n${bad}\n`) });
    await expect(summary).toHaveAttribute("data-verdict", "batch_fails");
    await expect(page.locator('[data-testid="batch-diag-stage"][data-stage="batch"]')).toHaveText(batch);
    errors.check();
  });
}
