// /batch's findings in detail (and two polish points on /results): the
// pager past its first page, the model behind a deployment, grouped findings and the
// dialect hint, Split under the quota, image tokens, the phone layout, and
// grouped digits, human sizes and the drop zone's limits.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { prefer, watchErrors, ready, SCREENSHOTS, shot, lineCount } from "./helpers.mjs";

const FIX = "tests/fixtures/batch";

async function open(page) {
  await prefer(page, { lang: "en" });
  await page.goto("/batch");
  await ready(page, "Batch file check");
}

async function upload(page, file) {
  await page.getByTestId("batch-file-input").setInputFiles(file);
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/);
  return summary;
}

async function paste(page, name, text) {
  await page.getByTestId("batch-file-input").setInputFiles({ name, mimeType: "application/jsonl", buffer: Buffer.from(text) });
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-elapsed-ms", /\d+/);
}

test("the diagnostics pager reaches the rows past 100", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await upload(page, `${FIX}/many_roles.jsonl`);
  await expect(page.getByTestId("batch-diag-range")).toHaveText("1–100 of 150");
  const next = page.getByTestId("batch-diag-next");
  await expect(next).toHaveText("Next");
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByTestId("batch-diag-range")).toHaveText("101–150 of 150");
  await expect(page.locator('[data-testid=batch-diag-row][data-line="101"]')).toBeVisible();
  await expect(next).toBeDisabled();
  await shot(page, { path: `${SCREENSHOTS}/batch-pager-page2.png`, fullPage: true });
  errors.check();
});

test("the model behind a deployment: guessed and changeable, or asked for first", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const summary = await upload(page, `${FIX}/azure_300.jsonl`);
  const pick = page.getByTestId("batch-model-pick");
  await expect(pick).toHaveAttribute("data-source", "guessed");
  await expect(pick).toContainText("gpt-4o-batch");
  await expect(page.getByTestId("batch-summary-model")).toHaveValue("gpt-4o");
  // The output maximum of gpt-4o now counts: far more than the prompt alone.
  await expect(summary).toContainText(/output cap = \d{1,3}(,\d{3})+ enqueued/);
  // Changing the guess re-checks with the model picked.
  await page.getByTestId("batch-summary-model").selectOption("gpt-4o-mini");
  await expect(page.getByTestId("batch-model")).toHaveValue("gpt-4o-mini");
  await expect(page.getByTestId("batch-model-pick")).toHaveCount(0);
  await page.getByTestId("batch-model").selectOption("");
  // A deployment name that gives nothing away: the summary leads with it.
  await upload(page, `${FIX}/valid.jsonl`);
  await expect(page.getByTestId("batch-summary").locator("h2")).toHaveText("Pick the model behind the deployment first");
  await expect(page.getByTestId("batch-model-pick")).toHaveAttribute("data-source", "unknown");
  await shot(page.getByTestId("batch-summary"), { path: `${SCREENSHOTS}/batch-pick-model.png` });
  // No hand-over to the control plane's planner with a figure known to be too low.
  await expect(page.getByTestId("batch-control-link")).toHaveCount(0);
  await page.getByTestId("batch-summary-model").selectOption("gpt-4o");
  await expect(page.getByTestId("batch-summary").locator("h2")).toHaveText("No errors: ready to upload");
  await expect(page.getByTestId("batch-control-link")).toHaveAttribute("href", /cpModel=gpt-4o/);
  errors.check();
});

test("an Azure file checked as OpenAI: one grouped row and a hint to switch", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByTestId("batch-dialect").selectOption("openai");
  await upload(page, `${FIX}/azure_300.jsonl`);
  const rows = page.locator('[data-testid=batch-diag-row][data-code="invalid_url"]');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute("data-count", "300");
  await expect(rows.getByTestId("batch-diag-lines")).toContainText("300 lines: 1, 2, 3,");
  await expect(page.getByTestId("batch-dialect-hint")).toContainText("looks like an Azure Global Batch file");
  // Repair says what it can't fix.
  await expect(page.getByTestId("batch-repair-left")).toContainText("invalid_url (300)");
  await page.getByTestId("batch-dialect-switch").click();
  await expect(page.getByTestId("batch-dialect")).toHaveValue("azure");
  await expect(page.locator('[data-testid=batch-diag-row][data-code="invalid_url"]')).toHaveCount(0);
  errors.check();
});

test("Split keeps every part under the enqueued-token quota, or names the line that can't be", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByTestId("batch-model").selectOption("gpt-4o");
  await page.getByTestId("batch-quota").selectOption("typed");
  await page.getByTestId("batch-quota-tokens").fill("1000000");
  await upload(page, `${FIX}/azure_300.jsonl`);
  // The whole file breaks the quota, in grouped digits.
  await expect(page.locator('[data-testid=batch-diag-row][data-code="token_limit_exceeded"]')).toContainText(/about \d{1,3}(,\d{3})+ tokens/);
  await page.getByTestId("batch-split").click();
  const result = page.getByTestId("batch-split-result");
  await expect(result).toContainText("1,000,000 enqueued tokens");
  expect(await page.getByTestId("batch-split-part").count()).toBeGreaterThan(1);
  await expect(page.getByTestId("batch-split-oversized")).toHaveCount(0);
  // A quota below one line's output cap: Split says why it can't.
  await page.getByTestId("batch-quota-tokens").fill("10000");
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-elapsed-ms", /\d+/);
  await page.getByTestId("batch-split").click();
  await expect(page.getByTestId("batch-split-oversized")).toContainText("Line 1 alone needs about");
  errors.check();
});

test("image parts count, and an unknown size is said to be an upper bound", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const line = (i) => JSON.stringify({ custom_id: `r${i}`, method: "POST", url: "/chat/completions", body: { model: "gpt-4o-batch", max_tokens: 10, messages: [{ role: "user", content: [{ type: "text", text: "hi" }, { type: "image_url", image_url: { url: "https://example.com/a.png", detail: "high" } }] }] } });
  await paste(page, "images.jsonl", Array.from({ length: 50 }, (_, i) => line(i)).join("\n") + "\n");
  await expect(page.getByTestId("batch-media-note")).toContainText("50 image parts");
  await expect(page.getByTestId("batch-media-note")).toContainText("upper bound");
  const tokens = Number(await page.getByTestId("batch-summary").getAttribute("data-tokens"));
  expect(tokens).toBeGreaterThan(50 * 85);
  errors.check();
});

test("phone: a finding stacks, its message keeps the width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await upload(page, `${FIX}/many_roles.jsonl`);
  const msg = page.locator("[data-testid=batch-diag-row] .batch-diag__msg").first();
  const box = await msg.boundingBox();
  expect(box.width).toBeGreaterThan(250);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page.locator(".batch-diags"), { path: `${SCREENSHOTS}/batch-diags-phone.png` });
});

test("polish: the drop zone's limits, unticking Count tokens re-checks", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await expect(page.getByTestId("batch-drop-hint")).toContainText("up to 200 MB (1 GB with your own Blob storage");
  const summary = await upload(page, `${FIX}/valid.jsonl`);
  await expect(summary).toHaveAttribute("data-tokens", /\d+/);
  await page.getByTestId("batch-count-tokens").uncheck();
  await expect(page.getByTestId("batch-summary")).toContainText("token counting is off");
  await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-tokens", "");
  errors.check();
});

test("results: one status word, human file sizes", async ({ page }) => {
  const errors = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/results");
  await ready(page, "Batch results");
  await page.getByTestId("results-job-paste").fill(readFileSync("tests/fixtures/results/job_completed.json", "utf8"));
  await expect(page.locator(".results-job__status")).not.toContainText("completed completed");
  // Nor the lifecycle: in English each step's label is the service's word ("in progress" for in_progress).
  await expect(page.locator(".lifecycle li")).toHaveCount(4);
  await expect(page.locator(".lifecycle li code")).toHaveCount(0);
  await expect(page.locator(".lifecycle")).toContainText("in progress");
  await page.getByTestId("results-output-input").setInputFiles({ name: "tiny.jsonl", mimeType: "application/jsonl", buffer: Buffer.alloc(3100, "x") });
  const slot = page.locator(".results-file", { has: page.getByTestId("results-output-input") });
  await expect(slot.locator(".results-file__name")).toContainText("tiny.jsonl · 3.1 KB");
  errors.check();
});

test("a tokenizer table that can't be loaded is said in the summary, not hidden", async ({ page, context }) => {
  await context.route("**/tokenizers/**", (route) => route.fulfill({ status: 404, body: "" }));
  await open(page);
  const summary = await upload(page, `${FIX}/azure_300.jsonl`);
  await expect(summary).toContainText("not counted: the tokenizer's table could not be loaded");
  // A file whose lines never parse says nothing about the table.
  await paste(page, "garbage.jsonl", "not json\n{\"a\":\n");
  await expect(page.getByTestId("batch-summary")).not.toContainText("tokenizer's table");
});

// In Korean the line column's 파일 (a finding about the whole file) wrapped
// letter by letter in a column too narrow: the header and that cell stay on
// one line at phone and desktop width.
for (const width of [375, 1280]) {
  test(`${width} px, ko: the line column's header and 파일 stay on one line`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await prefer(page, { lang: "ko" });
    await page.goto("/batch");
    await ready(page, "배치 파일 검사");
    await page.getByTestId("batch-file-input").setInputFiles(`${FIX}/empty.jsonl`);
    const row = page.locator('[data-testid=batch-diag-row][data-line="0"]').first();
    const cell = row.locator("td").first();
    await expect(cell).toHaveText("파일");
    expect(await lineCount(cell.locator("button"))).toBe(1);
    const header = page.getByTestId("batch-diags").locator("thead th").first();
    await expect(header).toHaveText("줄");
    if (width > 640) {
      const box = await header.boundingBox();
      const oneLine = await header.evaluate((th) => parseFloat(getComputedStyle(th).lineHeight) + parseFloat(getComputedStyle(th).paddingTop) + parseFloat(getComputedStyle(th).paddingBottom));
      expect(box.height).toBeLessThanOrEqual(oneLine + 1.5);
    }
    for (const th of await page.getByTestId("batch-diags").locator("thead th").all()) {
      expect(await lineCount(th), await th.textContent()).toBe(1);
    }
    await shot(page.locator(".batch-diags"), { path: `${SCREENSHOTS}/batch-diags-file-ko-${width}.png` });
  });
}
