// /cost: a baseline against scenarios, read the saving; the quality note
// for trimmed chunks; the share link; inline reasons for bad numbers;
// spend per tenant from a usage file. Screenshots in both languages.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

const TITLE = { en: "Cost what-if", ko: "비용 시나리오" };

/** Practice problem 5: 1M requests a month, output 500 → 300 at $12 per 1M output tokens. */
async function buildProblem5(page) {
  await page.getByTestId("cost-requests-0").fill("1,000,000");
  await page.getByTestId("cost-per-0").selectOption("month");
  await page.getByTestId("cost-output-0").fill("500");
  await page.getByTestId("cost-max_tokens-0").fill("500");
  // The output price from the price table, overridden to $12 per 1M.
  await page.getByTestId("price-price_output-gpt-4o").fill("12");
  await page.getByTestId("cost-add").click();
  await page.getByTestId("cost-name-1").fill("Cap 300");
  await page.getByTestId("cost-max_tokens-1").fill("300");
  await page.getByTestId("cost-output-1").fill("300");
}

test("baseline and a capped scenario: the saving is $2,400 a month (en, ko)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, TITLE.en);
  // The default month, 365 ÷ 12 days, shown short (it read 30.416666667).
  await expect(page.getByTestId("cost-days")).toHaveValue("30.42");
  await buildProblem5(page);
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await expect(page.getByTestId("cost-knob-output_cap-1")).toHaveText("$2,400.00");
  await expect(page.getByTestId("cost-knob-caching-1")).toHaveText("—");
  await expect(page.getByTestId("res-saving-year-1")).toHaveText("$28,800.00");
  // The input price plays no part in this saving.
  await page.getByTestId("price-price_input-gpt-4o").fill("7");
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await page.getByTestId("cost-prices-reset").click();
  await expect(page.getByTestId("price-price_output-gpt-4o")).toHaveValue("10");
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,000.00");
  await page.getByTestId("price-price_output-gpt-4o").fill("12");
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await expect(page.getByTestId("cost-chart")).toBeVisible();
  await shot(page, { path: `${SCREENSHOTS}/cost-en.png`, fullPage: true });

  await page.getByTestId("lang-toggle").click();
  await ready(page, TITLE.ko);
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await expect(page.getByTestId("cost-name-0")).toHaveAttribute("placeholder", "기준안");
  await shot(page, { path: `${SCREENSHOTS}/cost-ko.png`, fullPage: true });
  watch.check();
});

test("trimming chunks 8 → 4 without measured relevance shows the quality note", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, TITLE.en);
  await expect(page.getByTestId("cost-chunks-0")).toHaveValue("8");
  await page.getByTestId("cost-add").click();
  await page.getByTestId("cost-chunks-1").fill("4");
  // 1,200 system + 200 user + 8 × 500 = 5,400 prompt tokens; with 4 chunks 3,400.
  await expect(page.getByTestId("res-prompt-0")).toHaveText("5,400");
  await expect(page.getByTestId("res-prompt-1")).toHaveText("3,400");
  const note = page.getByTestId("cost-quality-note");
  await expect(note).toBeVisible();
  await expect(note).toContainText("quality is unverified");
  await expect(page.getByTestId("cost-unverified-1")).toHaveText("quality unverified");
  await expect(page.getByTestId("cost-knob-retrieval_chunks-1")).not.toHaveText("—");
  await shot(page, { path: `${SCREENSHOTS}/cost-chunks-en.png`, fullPage: true });
  await page.getByTestId("cost-relevance-1").check();
  await expect(note).toHaveCount(0);
  await page.getByTestId("cost-relevance-1").uncheck();
  await page.getByTestId("lang-toggle").click();
  await ready(page, TITLE.ko);
  await expect(page.getByTestId("cost-quality-note")).toContainText("품질은 검증되지 않았습니다");
  await shot(page, { path: `${SCREENSHOTS}/cost-chunks-ko.png`, fullPage: true });
  watch.check();
});

test("the share link restores the whole comparison in a fresh browser, stored only when kept", async ({ page, browser }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, TITLE.en);
  await buildProblem5(page);
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await expect(page).toHaveURL(/s1\.max=300/);
  await expect(page).toHaveURL(/f\.price_output\.gpt-4o=12/);
  const url = page.url();
  const month0 = await page.getByTestId("res-month-0").textContent();

  // A new context: no localStorage, so everything comes from the link.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await prefer(fresh, { lang: "en" });
  await fresh.goto(url);
  await ready(fresh, TITLE.en);
  await expect(fresh.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  await expect(fresh.getByTestId("res-month-0")).toHaveText(month0);
  await expect(fresh.getByTestId("cost-name-1")).toHaveValue("Cap 300");
  await expect(fresh.getByTestId("cost-requests-0")).toHaveValue("1000000");
  await expect(fresh.getByTestId("price-price_output-gpt-4o")).toHaveValue("12");
  // The link's values apply to the page only: nothing of it is stored until the user keeps it.
  await expect(fresh.getByTestId("link-banner")).toContainText("opened from a link");
  await fresh.goto("/cost");
  await ready(fresh, TITLE.en);
  await expect(fresh.getByTestId("link-banner")).toHaveCount(0);
  await expect(fresh.getByTestId("cost-name-1")).toHaveCount(0);
  await expect(fresh.getByTestId("cost-requests-0")).not.toHaveValue("1000000");
  await expect(fresh.getByTestId("price-price_output-gpt-4o")).not.toHaveValue("12");
  // "Keep as my defaults" stores the comparison; the link's prices reach the
  // catalog only through their own confirmation.
  await fresh.goto(url);
  await ready(fresh, TITLE.en);
  await fresh.getByTestId("link-keep").click();
  await expect(fresh.getByTestId("link-banner")).toHaveCount(0);
  await expect(fresh.getByTestId("cost-link-prices")).toBeVisible();
  await fresh.goto("/cost");
  await ready(fresh, TITLE.en);
  await expect(fresh.getByTestId("cost-name-1")).toHaveValue("Cap 300");
  await expect(fresh.getByTestId("price-price_output-gpt-4o")).not.toHaveValue("12");
  await fresh.goto(url);
  await ready(fresh, TITLE.en);
  await fresh.getByTestId("cost-link-prices-save").click();
  await fresh.getByTestId("cost-link-prices-confirm").click();
  await expect(fresh.getByTestId("cost-link-prices")).toHaveCount(0);
  await fresh.goto("/cost");
  await ready(fresh, TITLE.en);
  await expect(fresh.getByTestId("cost-name-1")).toHaveValue("Cap 300");
  await expect(fresh.getByTestId("price-price_output-gpt-4o")).toHaveValue("12");
  await other.close();

  // The last comparison also comes back from localStorage without the query.
  await page.goto("/cost");
  await ready(page, TITLE.en);
  await expect(page.getByTestId("res-saving-month-1")).toHaveText("$2,400.00");
  watch.check();
});

test("bad numbers get an inline reason and never show NaN", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, TITLE.en);
  const req = page.getByTestId("cost-requests-0");
  await req.fill("-5");
  await expect(page.getByTestId("cost-err-0-requests")).toHaveText("Must not be negative.");
  await expect(req).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("cost-fix")).toBeVisible();
  await req.fill("lots");
  await expect(page.getByTestId("cost-err-0-requests")).toHaveText("Enter a number.");
  await page.getByTestId("cost-cache-0").fill("150");
  await expect(page.getByTestId("cost-err-0-cache")).toHaveText("Enter a share from 0 to 100 %.");
  await page.getByTestId("cost-chunks-0").fill("2.5");
  await expect(page.getByTestId("cost-err-0-chunks")).toHaveText("Enter a whole number.");
  await page.getByTestId("price-price_output-gpt-4o").fill("-1");
  await expect(page.getByTestId("price-price_output-gpt-4o")).toHaveAttribute("aria-invalid", "true");
  expect(await page.locator("main").innerText()).not.toContain("NaN");
  await shot(page, { path: `${SCREENSHOTS}/cost-errors-en.png`, fullPage: true });
  await req.fill("10000");
  await page.getByTestId("cost-cache-0").fill("50");
  await page.getByTestId("cost-chunks-0").fill("8");
  await expect(page.getByTestId("cost-err-0-requests")).toHaveCount(0);
  await expect(page.getByTestId("cost-results")).toBeVisible();
  await page.getByTestId("lang-toggle").click();
  await ready(page, TITLE.ko);
  await req.fill("-5");
  await expect(page.getByTestId("cost-err-0-requests")).toHaveText("음수일 수 없습니다.");
  watch.check();
});

test("usage file: spend per tenant and feature, with CSV export", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, TITLE.en);
  await page.getByTestId("cost-usage-file").setInputFiles("tests/fixtures/cost/usage.csv");
  await expect(page.getByTestId("cost-usage-summary")).toContainText("usage.csv: 3 usage lines priced");
  const tenants = page.getByTestId("cost-usage-tenant");
  await expect(tenants).toContainText("acme");
  await expect(page.getByTestId("cost-usage-feature")).toContainText("search");
  await expect(page.getByTestId("cost-usage-chart-tenant")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("cost-usage-csv-tenant").click(),
  ]);
  expect(download.suggestedFilename()).toBe("spend-by-tenant.csv");
  await page.getByTestId("cost-usage-tenant").scrollIntoViewIfNeeded();
  await shot(page, { path: `${SCREENSHOTS}/cost-usage-en.png`, fullPage: true });
  watch.check();
});

test("spend from Batch results: group on /results, attribute on /cost", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/results");
  await ready(page, "Batch results");
  const DIR = "tests/fixtures/results/chat";
  await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
  await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
  await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
  await expect(page.getByTestId("results-summary")).toHaveAttribute("data-requests", "15");
  await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
  await page.getByTestId("results-group-key").press("Enter");
  await expect(page.getByTestId("results-groups-table")).toContainText("tenant-1");
  await page.getByTestId("results-to-cost").click();

  await expect(page).toHaveURL(/\/cost.*#cost-attribution$/);
  await ready(page, TITLE.en);
  const summary = page.getByTestId("cost-usage-summary");
  await expect(summary).toContainText(/From Batch results: \d+ requests/);
  const tenants = page.getByTestId("cost-usage-tenant");
  // tenant-3's requests all failed without tokens: nothing billed, no row.
  await expect(tenants.locator("tbody tr")).toHaveCount(3);
  for (const t of ["tenant-1", "tenant-2", "tenant-9"]) {
    await expect(tenants.locator("tbody th", { hasText: t })).toHaveCount(1);
  }
  // The same total as the results page's cost at the batch price.
  await expect(tenants.locator("tfoot")).toContainText("$0.0101");
  // A batch's results carry no feature: no "spend by feature" table reading
  // model names as features.
  await expect(page.getByTestId("cost-usage-feature")).toHaveCount(0);
  await shot(page, { path: `${SCREENSHOTS}/cost-from-results-en.png`, fullPage: false });

  // Handed over once: a reload starts without them.
  await page.reload();
  await ready(page, TITLE.en);
  await expect(page.getByTestId("cost-usage-tenant")).toHaveCount(0);
  watch.check();
});
