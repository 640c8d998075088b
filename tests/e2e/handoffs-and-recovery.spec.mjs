// Hand-offs and recovery: the /batch result kept across in-app navigation and its file
// name carried into the submission code; the /cost link's price overrides
// listed and confirmed apart; /results says when its worker died; the
// phone header, chart labels, touch hints and the parts' archive.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { prefer, watchErrors, ready, SCREENSHOTS, shot } from "./helpers.mjs";

const FIX = "tests/fixtures/batch";

for (const lang of ["en", "ko"]) {
  test(`the /batch result survives the hand-off to the submission code and Back (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang });
    await page.goto("/batch");
    await ready(page, lang === "en" ? "Batch file check" : "배치 파일 검사");
    const name = "nightly run's \"v2\".jsonl";
    await page.getByTestId("batch-file-input").setInputFiles({ name, mimeType: "application/jsonl", buffer: readFileSync(`${FIX}/valid.jsonl`) });
    const summary = page.getByTestId("batch-summary");
    await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/);
    const requests = await summary.getAttribute("data-requests");
    const link = page.getByTestId("batch-snippets-link");
    expect(new URL(await link.getAttribute("href"), "http://x").searchParams.get("file")).toBe(name);
    await link.click();
    await expect(page).toHaveURL(/\/snippets\?.*tab=batch/);
    // The file's name is the scripts' input file, in each language's quoting.
    const code = page.getByTestId("snip-batch-code");
    await expect(code).toContainText(`INPUT_PATH = "nightly run's \\"v2\\".jsonl"`);
    await page.getByTestId("snip-batch-curl").click();
    await expect(code).toContainText(`INPUT='nightly run'\\''s "v2".jsonl'`);
    await shot(page, { path: `${SCREENSHOTS}/issue27-snippets-file-${lang}.png` });
    await page.goBack();
    await expect(page).toHaveURL(/\/batch/);
    // The result is shown again without checking the file again, with its name.
    await expect(summary).toHaveAttribute("data-requests", requests);
    await expect(page.getByTestId("batch-source-name")).toContainText(name);
    await expect(page.getByTestId("batch-snippets-link")).toBeVisible();
    await shot(page, { path: `${SCREENSHOTS}/issue27-batch-back-${lang}.png`, fullPage: true });
    errors.check();
  });
}

// A /cost link's price overrides are listed, and reach the catalog (every
// page) only through their own confirmation, not through "Keep".
for (const [lang, title, keep] of [
  ["en", "Cost what-if", "Yes, change my catalog"],
  ["ko", "비용 시나리오", "예, 내 카탈로그를 바꿉니다"],
]) {
  test(`a /cost link's prices are listed and confirmed apart (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang });
    const link = "/cost?days=30&f.price_output.gpt-4o=0&f.price_input.gpt-4o=0.5";
    await page.goto(link);
    await ready(page, title);
    const banner = page.getByTestId("cost-link-prices");
    await expect(banner).toBeVisible();
    const rows = banner.getByTestId("cost-link-price");
    await expect(rows).toHaveCount(2);
    await expect(banner.locator('[data-fact="price_output.gpt-4o"]')).toContainText("price_output.gpt-4o = 0");
    await expect(banner.locator('[data-fact="price_input.gpt-4o"]')).toContainText("price_input.gpt-4o = 0.5");
    await expect(page.getByTestId("price-price_output-gpt-4o")).toHaveValue("0");
    await shot(page, { path: `${SCREENSHOTS}/issue27-cost-link-prices-${lang}.png`, fullPage: true });
    // Keeping the page's settings does not touch the catalog.
    await page.getByTestId("link-keep").click();
    await expect(banner).toBeVisible();
    await page.goto("/cost");
    await ready(page, title);
    await expect(page.getByTestId("price-price_output-gpt-4o")).not.toHaveValue("0");
    // Saving asks first; cancel leaves the catalog alone.
    await page.goto(link);
    await ready(page, title);
    await page.getByTestId("cost-link-prices-save").click();
    await expect(page.getByTestId("cost-link-prices-confirm-text")).toBeVisible();
    await shot(page.getByTestId("cost-link-prices"), { path: `${SCREENSHOTS}/issue27-cost-link-prices-confirm-${lang}.png` });
    await page.getByTestId("cost-link-prices-cancel").click();
    await page.getByTestId("cost-link-prices-save").click();
    await page.getByRole("button", { name: keep }).click();
    await expect(banner).toHaveCount(0);
    // The catalog (every page reads it) now holds the link's prices.
    await page.goto("/cost");
    await ready(page, title);
    await expect(page.getByTestId("price-price_output-gpt-4o")).toHaveValue("0");
    errors.check();
  });
}

// /results: a worker that dies (out of memory, in real life) is said so,
// the files stay selected, and they can be read again.
for (const [lang, title, says] of [
  ["en", "Batch results", "most likely the browser ran out of memory"],
  ["ko", "배치 결과", "브라우저 메모리가 부족했을 가능성이 큽니다"],
]) {
  test(`/results says when its worker died and keeps the files (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang });
    // A stand-in worker: says Ready, then dies on its first request the way
    // a worker out of memory does (an uncaught error in the worker).
    let crash = true;
    await page.route(/\/worker_loader[^/]*\.js$/, async (route) => {
      if (!crash) return route.continue();
      await route.fulfill({
        contentType: "text/javascript",
        body: `postMessage({ msg: JSON.stringify("Ready"), blobs: [] });
onmessage = () => setTimeout(() => { throw new RangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded"); });`,
      });
    });
    await page.goto("/results");
    await ready(page, title);
    const DIR = "tests/fixtures/results/chat";
    await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
    await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
    const failure = page.getByTestId("results-failure");
    await expect(failure).toContainText(says);
    await expect(failure).toContainText("Maximum memory size exceeded");
    await expect(page.getByTestId("results-progress")).toHaveCount(0);
    // The files are still selected.
    await expect(page.locator(".results-file--set")).toHaveCount(2);
    await shot(page, { path: `${SCREENSHOTS}/issue27-results-crashed-${lang}.png`, fullPage: true });
    // Read again: the pool's replacement worker is still a stand-in (it was
    // started at the crash) and dies too; the one that replaces it lives.
    crash = false;
    await page.getByTestId("results-try-again").click();
    await expect(failure).toContainText(says);
    await page.getByTestId("results-try-again").click();
    await expect(page.getByTestId("results-summary")).toHaveAttribute("data-requests", /\d+/);
    await expect(failure).toHaveCount(0);
  });
}

// /batch Split: one archive of every part, built in the browser; Python's
// zipfile reads it back, and its parts are the files the part buttons save.
for (const [lang, title, all] of [
  ["en", "Batch file check", "Download all parts (.zip)"],
  ["ko", "배치 파일 검사", "나눈 파일 모두 다운로드 (.zip)"],
]) {
  test(`Split's parts download as one zip (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang });
    await page.goto("/batch");
    await ready(page, title);
    await page.getByTestId("batch-model").selectOption("gpt-4o");
    await page.getByTestId("batch-quota").selectOption("typed");
    await page.getByTestId("batch-quota-tokens").fill("1000000");
    await page.getByTestId("batch-file-input").setInputFiles(`${FIX}/azure_300.jsonl`);
    await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-elapsed-ms", /\d+/);
    await page.getByTestId("batch-split").click();
    const parts = page.getByTestId("batch-split-part");
    await expect(parts.first()).toBeVisible();
    const n = await parts.count();
    expect(n).toBeGreaterThan(1);
    const button = page.getByTestId("batch-split-all");
    await expect(button).toHaveText(all);
    await shot(page.getByTestId("batch-split-result"), { path: `${SCREENSHOTS}/issue27-split-all-${lang}.png` });
    const [zip] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(zip.suggestedFilename()).toBe("azure_300.parts.zip");
    const zipPath = await zip.path();
    const listed = JSON.parse(execFileSync("python3", ["-c", `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([[i.filename, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))
`, zipPath]).toString());
    expect(listed.map((x) => x[0])).toEqual(Array.from({ length: n }, (_, i) => `azure_300-part${String(i + 1).padStart(3, "0")}.jsonl`));
    // The first part in the archive is the file its own button saves.
    const [one] = await Promise.all([page.waitForEvent("download"), parts.first().click()]);
    const sha = createHash("sha256").update(readFileSync(await one.path())).digest("hex");
    expect(listed[0][1]).toBe(sha);
    errors.check();
  });
}
