// Issue 27: the /batch result kept across in-app navigation and its file
// name carried into the submission code; the /cost link's price overrides
// listed and confirmed apart; /results says when its worker died; the
// phone header, chart labels, touch hints and the parts' archive.
import { test, expect } from "@playwright/test";
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
