// What three new users found beyond the figures (issue 39): the /batch
// findings table at 375 px, /results' file pickers in the page's language,
// a worker's failure said in Korean, and the three axe findings by name.
import { test, expect } from "@playwright/test";
import { prefer, ready, SCREENSHOTS, shot } from "./helpers.mjs";

const BATCH = { en: "Batch file check", ko: "배치 파일 검사" };
const RESULTS = { en: "Batch results", ko: "배치 결과" };

for (const lang of ["en", "ko"]) {
  test(`375 px (${lang}): every /batch finding shows its code and field whole`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang });
    await page.goto("/batch");
    await ready(page, BATCH[lang]);
    await page.getByTestId("batch-file-input").setInputFiles("tests/fixtures/batch/broken.jsonl");
    await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-elapsed-ms", /\d+/);
    const rows = page.getByTestId("batch-diag-row");
    expect(await rows.count()).toBeGreaterThan(3);
    const cut = await page.getByTestId("batch-diags").evaluate((table) => {
      const wrap = table.closest(".table-wrap").getBoundingClientRect();
      const bad = [];
      for (const code of table.querySelectorAll("tbody tr code")) {
        const b = code.getBoundingClientRect();
        const cell = code.closest("td");
        if (b.right > wrap.right + 0.5 || b.left < wrap.left - 0.5 || cell.scrollWidth > cell.clientWidth + 1) {
          bad.push(`${code.textContent} ${Math.round(b.left)}..${Math.round(b.right)} in ${Math.round(wrap.left)}..${Math.round(wrap.right)}`);
        }
      }
      const scrolls = table.closest(".table-wrap").scrollWidth - table.closest(".table-wrap").clientWidth;
      return { bad, scrolls };
    });
    expect(cut.bad, cut.bad.join("\n")).toEqual([]);
    expect(cut.scrolls).toBeLessThanOrEqual(0);
    await shot(page.locator(".batch-diags"), { path: `${SCREENSHOTS}/issue39-batch-diags-375-${lang}.png` });
  });

  test(`/results picks files through buttons in the page's language (${lang})`, async ({ page }) => {
    await prefer(page, { lang, theme: lang === "ko" ? "dark" : "light" });
    await page.goto("/results");
    await ready(page, RESULTS[lang]);
    const choose = lang === "en" ? "Choose a file…" : "파일 선택…";
    for (const id of ["results-job-input", "results-output-input", "results-errors-input", "results-input-input"]) {
      const input = page.getByTestId(id);
      // The browser's own control (its words in the browser's language) is not shown…
      const box = await input.boundingBox();
      expect(box === null || (box.width <= 1 && box.height <= 1), `${id} is drawn by the browser`).toBe(true);
      // …a button in the page's language is, and the input keeps a name.
      await expect(input.locator("xpath=ancestor::label[1]")).toHaveText(choose);
      await expect(input).toHaveAttribute("aria-label", /\S/);
    }
    // The job file, picked through the button, fills the job panel.
    await page.getByTestId("results-job-input").setInputFiles({
      name: "job.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ id: "batch_1", object: "batch", status: "completed", created_at: 1735689600 })),
    });
    await expect(page.getByTestId("results-job")).toHaveAttribute("data-status", "completed");
    await shot(page.locator("section[aria-labelledby=results-job-h]"), { path: `${SCREENSHOTS}/issue39-results-job-picker-${lang}.png` });
  });
}

test("a worker's failure is said in Korean on the Korean page", async ({ page }) => {
  await prefer(page, { lang: "ko" });
  // A stand-in worker that cannot read the file it is given.
  await page.route(/\/worker_loader[^/]*\.js$/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `postMessage({ msg: JSON.stringify("Ready"), blobs: [] });
onmessage = () => postMessage({ msg: JSON.stringify({ Failed: { failure: { Unreadable: { detail: "NotReadableError" } } } }), blobs: [] });`,
    }),
  );
  await page.goto("/results");
  await ready(page, RESULTS.ko);
  await page.getByTestId("results-output-input").setInputFiles("tests/fixtures/results/chat/output.jsonl");
  await page.getByTestId("results-errors-input").setInputFiles("tests/fixtures/results/chat/errors.jsonl");
  const failure = page.getByTestId("results-failure");
  await expect(failure).toContainText("브라우저가 파일을 읽지 못했습니다");
  await expect(failure).toContainText("NotReadableError");
  await expect(failure).not.toContainText("cannot read");
});

test("the three axe findings: the az rest command is reachable and named, header cells named, one name per region", async ({ page }) => {
  await prefer(page, { lang: "ko" });
  await page.goto("/traffic");
  await ready(page, "내 트래픽");
  await page.getByTestId("traffic-sample").click();
  const code = page.getByTestId("traffic-snippet-code").first();
  await expect(code).toHaveAttribute("tabindex", "0");
  await expect(code).toHaveAttribute("aria-label", "az rest 명령");
  await code.focus();
  await expect(code).toBeFocused();
  for (const table of ["traffic-percentiles", "traffic-ptu-marks"]) {
    const first = page.getByTestId(table).first().locator("thead th").first();
    await expect(first).not.toHaveText("");
  }
  await page.goto("/snippets?tab=control");
  await ready(page, "스니펫");
  const names = await page.locator("[role=region], section[aria-labelledby], section[aria-label]").evaluateAll((els) =>
    els.map((e) => e.getAttribute("aria-label") || document.getElementById(e.getAttribute("aria-labelledby") || "")?.textContent || ""),
  );
  const dupes = names.filter((n, i) => n && names.indexOf(n) !== i);
  expect(dupes).toEqual([]);
});
