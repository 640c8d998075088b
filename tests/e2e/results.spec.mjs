// /results: load the realistic chat trio, read the summary, download the
// retry file, group by a regex, paste the job object. Screenshots in both
// languages land in test-results/screenshots/results-*.png.
import { test, expect } from "@playwright/test";
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

const DIR = "tests/fixtures/results/chat";
const JOB = readFileSync("tests/fixtures/results/job_completed.json", "utf8");
const RETRYABLE = ["tenant-3-req-007", "tenant-3-req-008", "tenant-1-req-010", "tenant-1-req-011", "tenant-2-req-012", "tenant-3-req-013"];
const TITLE = { en: "Batch results", ko: "배치 결과" };

async function loadTrio(page) {
  await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
  await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
  await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
  const summary = page.getByTestId("results-summary");
  // The fixture trio: 15 custom_ids (14 input + 1 unexpected), 4 succeeded,
  // 3 content-filtered, 6 retryable, 1 missing.
  await expect(summary).toHaveAttribute("data-requests", "15");
  await expect(summary).toHaveAttribute("data-succeeded", "4");
  await expect(summary).toHaveAttribute("data-content-filtered", "3");
  await expect(summary).toHaveAttribute("data-retryable", "6");
  await expect(summary).toHaveAttribute("data-missing", "1");
  return summary;
}

test("the chat trio: counts, retry file, groups, job object (en)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/results");
  await ready(page, TITLE.en);
  // Before any file: nothing to summarise.
  await expect(page.getByTestId("results-summary")).toHaveCount(0);

  const summary = await loadTrio(page);
  await expect(summary).toHaveAttribute("data-unexpected", "1");
  await expect(summary).toHaveAttribute("data-duplicates", "1");
  await expect(page.getByTestId("results-count-client_error")).toHaveText("1");
  await expect(page.getByTestId("results-count-truncated")).toHaveText("1");
  // Only the job object is missing now.
  await expect(page.getByTestId("results-advice")).toContainText("Job object");
  await expect(page.getByTestId("results-advice")).not.toContainText("Input file");

  // Every request is listed; filtering by outcome narrows the table.
  const rows = page.getByTestId("results-table").locator("tbody tr");
  await expect(rows).toHaveCount(15);
  await page.getByTestId("results-filter").selectOption("client_error");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("tenant-3-req-009");
  await expect(rows.first()).toContainText("context_length_exceeded");
  await page.getByTestId("results-filter").selectOption("");
  await expect(rows).toHaveCount(15);

  // The never-retried list: the 3 filtered and the client error.
  const never = page.getByTestId("results-not-retried").locator("tbody tr");
  await expect(never).toHaveCount(4);
  await expect(page.getByTestId("results-not-retried")).toContainText("content_filter");

  // Cost at the batch price (gpt-4o, 50%): $0.010085.
  await expect(page.getByTestId("results-cost-total")).toHaveText("$0.0101");
  // An invalid price is refused with a reason, not NaN.
  await page.getByTestId("results-price-output").fill("abc");
  await expect(page.getByTestId("results-price-output")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("results-cost-total")).toHaveText("$0.0101");
  await page.getByTestId("results-price-output").fill("0");
  await expect(page.getByTestId("results-price-output")).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByTestId("results-cost-total")).not.toHaveText("$0.0101");
  await page.getByTestId("results-price-output").fill("");

  // The retry file: exactly the retryable requests' original input lines.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("results-retry-download").click(),
  ]);
  expect(download.suggestedFilename()).toBe("input.retry.jsonl");
  const text = readFileSync(await download.path(), "utf8");
  const input = readFileSync(`${DIR}/input.jsonl`, "utf8").split("\n").filter((l) => l.trim());
  const expected = input.filter((l) => RETRYABLE.includes(JSON.parse(l).custom_id));
  expect(text).toBe(expected.map((l) => l + "\n").join(""));
  const ids = text.trim().split("\n").map((l) => JSON.parse(l).custom_id);
  expect(ids.sort()).toEqual([...RETRYABLE].sort());

  // Group by tenant: a table, a chart, a CSV.
  await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
  await page.getByTestId("results-group-key").press("Enter");
  const groups = page.getByTestId("results-groups-table").locator("tbody tr");
  await expect(groups).toHaveCount(4);
  await expect(groups.first()).toContainText("tenant-1");
  await expect(groups.first().locator("td").first()).toHaveText("6");
  await expect(page.getByTestId("results-groups-chart").locator("rect").first()).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("results-groups-csv").click()]);
  const csvText = readFileSync(await csv.path(), "utf8");
  expect(csvText.split("\n")[1]).toMatch(/^tenant-1,6,/);
  // A bad regex gets a reason.
  await page.getByTestId("results-group-key").fill("(");
  await page.getByTestId("results-group-apply").click();
  await expect(page.getByTestId("results-group-key")).toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
  await page.getByTestId("results-group-apply").click();
  await expect(groups).toHaveCount(4);

  // The job object.
  await page.getByTestId("results-job-paste").fill(JOB);
  await expect(page.getByTestId("results-job")).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("results-job-status")).toHaveText("completed");
  // Shown in the browser's time zone; the UTC time on hover (tests/e2e/exports.spec.mjs sets zones).
  await expect(page.getByTestId("results-job-deletion-date")).toHaveAttribute("title", "2026-01-15 00:00 UTC");
  await expect(page.getByTestId("results-advice")).toHaveCount(1);
  await expect(page.getByTestId("results-advice")).not.toContainText("Job object");

  await shot(page, { path: `${SCREENSHOTS}/results-en.png`, fullPage: true });
  await shot(page.locator("section[aria-labelledby=results-summary-h]"), { path: `${SCREENSHOTS}/results-en-summary.png` });
  await shot(page.locator("section[aria-labelledby=results-groups-h]"), { path: `${SCREENSHOTS}/results-en-groups.png` });
  await shot(page.locator("section[aria-labelledby=results-cost-h]"), { path: `${SCREENSHOTS}/results-en-cost.png` });
  await shot(page.locator("section[aria-labelledby=results-job-h]"), { path: `${SCREENSHOTS}/results-en-job.png` });
  watch.check();
});

test("Korean, dark: the same trio reads in Korean; a job pasted as text", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko", theme: "dark" });
  await page.goto("/results");
  await ready(page, TITLE.ko);
  await loadTrio(page);
  await expect(page.getByTestId("results-summary")).toContainText("성공");
  await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
  await page.getByTestId("results-group-apply").click();
  await expect(page.getByTestId("results-groups-table").locator("tbody tr")).toHaveCount(4);
  await page.getByTestId("results-job-paste").fill(JOB);
  await expect(page.getByTestId("results-job-status")).toHaveText("완료");
  await shot(page, { path: `${SCREENSHOTS}/results-ko-dark.png`, fullPage: true });
  await shot(page.locator("section[aria-labelledby=results-job-h]"), { path: `${SCREENSHOTS}/results-ko-dark-job.png` });
  await shot(page.locator("section[aria-labelledby=results-groups-h]"), { path: `${SCREENSHOTS}/results-ko-dark-groups.png` });
  watch.check();
});

test("any subset of files; a swapped file is said plainly; Cancel stops the worker", async ({ page }) => {
  test.setTimeout(120_000);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/results");
  await ready(page, TITLE.en);
  // Only the error file: its failures, and the input's gains listed.
  await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
  await expect(page.getByTestId("results-summary")).toHaveAttribute("data-succeeded", "0");
  await expect(page.getByTestId("results-advice")).toContainText("retry file");
  await expect(page.getByTestId("results-retry-needs-input")).toBeVisible();
  // The input given as the output file.
  await page.getByTestId("results-output-input").setInputFiles(`${DIR}/input.jsonl`);
  await expect(page.getByTestId("results-misplaced")).toContainText("looks like the Input file");

  // A big generated output (30,000 lines, about 11 MB), then paging.
  const line = JSON.stringify({ id: "batch_req_x", custom_id: "c-000000", response: { status_code: 200, body: { model: "gpt-4o", choices: [{ finish_reason: "stop", message: { content: "x".repeat(150) } }], usage: { prompt_tokens: 10, completion_tokens: 5 } } }, error: null });
  const big = Buffer.from(Array.from({ length: 30000 }, (_, i) => line.replace("c-000000", `c-${String(i).padStart(6, "0")}`)).join("\n") + "\n");
  await page.getByTestId("results-output-input").setInputFiles({ name: "big.jsonl", mimeType: "application/jsonl", buffer: big });
  const summary = page.getByTestId("results-summary");
  const t0 = Date.now();
  await expect(summary).toHaveAttribute("data-succeeded", "30000", { timeout: 60_000 });
  console.log(`30,000 lines (${(big.length / 1e6).toFixed(1)} MB) joined in ${Date.now() - t0} ms`);
  // Paging keeps the table small.
  await expect(page.getByTestId("results-table").locator("tbody tr")).toHaveCount(100);
  await page.getByTestId("results-next").click();
  await expect(page.getByTestId("results-table").locator("tbody tr").first()).toContainText("c-000100");

  // Cancel: start again with a file big enough (200,000 lines, ~75 MB) that
  // the release build is still reading it, and stop it while the bar shows.
  mkdirSync("test-results/tmp", { recursive: true });
  const huge = "test-results/tmp/big-input.jsonl";
  const out = openSync(huge, "w");
  for (let i = 0; i < 200000; i += 10000) {
    writeSync(out, Array.from({ length: 10000 }, (_, k) => line.replace("c-000000", `c-${String(i + k).padStart(6, "0")}`)).join("\n") + "\n");
  }
  closeSync(out);
  await page.getByTestId("results-input-input").setInputFiles(huge);
  await expect(page.getByTestId("results-progress")).toBeVisible();
  await page.getByTestId("results-cancel").click();
  await expect(page.getByTestId("results-progress")).toHaveCount(0);
  await expect(page.getByTestId("results-failure")).toContainText("Cancelled");
  await shot(page, { path: `${SCREENSHOTS}/results-cancelled-en.png` });
  // A new run after Cancel works (a new worker).
  await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
  await expect(summary).toHaveAttribute("data-requests", /\d+/);
  watch.check();
});

// Without the error file the retry file can't tell failed-for-good requests
// from missing ones: the button says so (en and ko), and the note goes once
// the error file is added.
for (const [lang, word] of [["en", "No error file"], ["ko", "오류 파일이 없습니다"]]) {
  test(`the retry button warns without the error file (${lang})`, async ({ page }) => {
    const watch = watchErrors(page);
    await prefer(page, { lang });
    await page.goto("/results");
    await ready(page, TITLE[lang]);
    await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
    await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
    const note = page.getByTestId("results-retry-no-errors");
    await expect(note).toContainText(word);
    await expect(page.getByTestId("results-retry-download")).toBeVisible();
    await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
    await expect(page.getByTestId("results-summary")).toHaveAttribute("data-retryable", "6");
    await expect(note).toHaveCount(0);
    watch.check();
  });
}

// The retry file's explanation names each outcome in words, the API code
// beside it in code style (it read as a bare list of codes in Korean).
for (const [lang, words] of [
  ["en", ["rate-limited", "server error", "expired", "timed out"]],
  ["ko", ["속도 제한", "서버 오류", "배치 만료", "요청 시간 초과", "요청의 원래 입력 줄"]],
]) {
  test(`the retry file's explanation reads as a sentence (${lang})`, async ({ page }) => {
    const watch = watchErrors(page);
    await prefer(page, { lang });
    await page.goto("/results");
    await ready(page, TITLE[lang]);
    await loadTrio(page);
    const what = page.getByTestId("results-retry-what");
    for (const w of words) await expect(what).toContainText(w);
    await expect(what.locator("code")).toHaveText(["rate_limited", "server_error", "batch_expired", "batch_cancelled", "request_timeout", "missing"]);
    await expect(what).not.toContainText("rate_limited, server_error");
    await expect(what).not.toContainText("`");
    watch.check();
  });
}

// Issue 27 first-use 3: on an expired job the page contradicted itself (the
// job panel said the unfinished requests were in the retry file as
// batch_expired, the table counted them as missing, the tiles overlapped).
// With the job pasted, every part of the page tells one story.
for (const [lang, theme] of [["en", "light"], ["ko", "dark"]]) {
  test(`an expired job: the job panel, tiles, counts, table and retry file agree (${lang})`, async ({ page }) => {
    const watch = watchErrors(page);
    await prefer(page, { lang, theme });
    await page.goto("/results");
    await ready(page, TITLE[lang]);
    const summary = await loadTrio(page);
    // Before the job: one request unanswered (missing), and the error file's own batch_expired lines.
    const expiredBefore = Number(await page.getByTestId("results-count-batch_expired").innerText());
    await expect(page.getByTestId("results-count-missing")).toHaveText("1");
    const expired = { ...JSON.parse(JOB), status: "expired", expired_at: 1767312000, completed_at: null, finalizing_at: null };
    await page.getByTestId("results-job-paste").fill(JSON.stringify(expired, null, 2));
    await expect(page.getByTestId("results-job")).toHaveAttribute("data-status", "expired");
    // The lifecycle names the service's word beside a Korean label, not beside the same English word.
    await expect(page.locator(".lifecycle li code")).toHaveCount(lang === "ko" ? 4 : 0);
    // When it expired is among the job's times (it was read from the object only as expires_at).
    await expect(page.locator(".results-job__times")).toContainText("expired_at");
    // The deletion date is written once, in the reader's time zone (the warning wrote it again in UTC).
    await expect(page.getByTestId("results-job-warnings")).toContainText(lang === "ko" ? "그 날짜가 지났으므로" : "That date has passed");
    await expect(page.getByTestId("results-job-warnings")).not.toContainText("UTC");
    // The one unanswered request is batch_expired everywhere, missing nowhere.
    await expect(summary).toHaveAttribute("data-missing", "0");
    await expect(summary).toHaveAttribute("data-retryable", "6");
    await expect(page.getByTestId("results-count-batch_expired")).toHaveText(String(expiredBefore + 1));
    await expect(page.getByTestId("results-count-missing")).toHaveText("0");
    // Issue 39: the job's own words count what the retry file holds as
    // batch_expired (the object's counts said fewer).
    await expect(page.getByTestId("results-job-warnings")).toContainText(
      lang === "ko" ? `요청 ${expiredBefore + 1}건이 끝나지 못했습니다` : `The job expired with ${expiredBefore + 1} request`);
    // The tiles partition the requests: their figures sum to the request count.
    const tiles = await summary.locator(".results-card--ok, .results-card--warn, .results-card--retry, .results-card--error")
      .locator(".results-card__n").allInnerTexts();
    expect(tiles.reduce((a, n) => a + Number(n.replace(/,/g, "")), 0)).toBe(15);
    // The table lists it under batch_expired.
    await page.getByTestId("results-filter").selectOption("batch_expired");
    const rows = page.getByTestId("results-table").locator("tbody tr");
    await expect(rows).toHaveCount(expiredBefore + 1);
    await page.getByTestId("results-filter").selectOption("");
    // And the retry file holds it with the other retryable ones, six in all.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("results-retry-download").click()]);
    const ids = readFileSync(await download.path(), "utf8").trim().split("\n").map((l) => JSON.parse(l).custom_id);
    expect(ids.sort()).toEqual([...RETRYABLE].sort());
    await shot(page, { path: `${SCREENSHOTS}/results-expired-${lang}-${theme}.png`, fullPage: true });
    await shot(page.locator("section[aria-labelledby=results-summary-h]"), { path: `${SCREENSHOTS}/results-expired-${lang}-${theme}-summary.png` });
    await shot(page.locator("section[aria-labelledby=results-job-h]"), { path: `${SCREENSHOTS}/results-expired-${lang}-${theme}-job.png` });
    watch.check();
  });
}
