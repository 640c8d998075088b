// axe-core (WCAG 2 A/AA and best practices) over every route state, with
// data loaded where a page shows more once it has some: every state below × light
// and dark × English and Korean. A violation names its rule, its impact
// and the first elements it found.
import { test, expect } from "@playwright/test";
import { axe, prefer, ready } from "./helpers.mjs";

const TITLES = {
  home: { en: "Tools for batch, quota and cost", ko: "배치·할당량·비용을 위한 도구" },
  batch: { en: "Batch file check", ko: "배치 파일 검사" },
  results: { en: "Batch results", ko: "배치 결과" },
  traffic: { en: "Your traffic", ko: "내 트래픽" },
  lanes: { en: "Which lane", ko: "처리 방식 선택" },
  quota: { en: "Quota planner", ko: "할당량 계획" },
  cost: { en: "Cost what-if", ko: "비용 시나리오" },
  snippets: { en: "Snippets", ko: "스니펫" },
  practice: { en: "Practice", ko: "연습 문제" },
  facts: { en: "About the numbers", ko: "수치의 출처" },
};

/** The route states: a path, its title, and what loads its data. */
const STATES = [
  { name: "home", path: "/", page: "home" },
  {
    name: "batch with a file checked",
    path: "/batch",
    page: "batch",
    load: async (page) => {
      await page.getByTestId("batch-file-input").setInputFiles("tests/fixtures/batch/broken.jsonl");
      await expect(page.getByTestId("batch-summary")).toHaveAttribute("data-elapsed-ms", /\d+/);
    },
  },
  {
    name: "results with the chat trio joined",
    path: "/results",
    page: "results",
    load: async (page) => {
      const DIR = "tests/fixtures/results/chat";
      await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
      await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
      await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
      await expect(page.locator(".results-file--set")).toHaveCount(3);
      await expect(page.getByTestId("results-progress")).toHaveCount(0);
    },
  },
  {
    name: "traffic with the sample analysed",
    path: "/traffic",
    page: "traffic",
    load: async (page) => {
      await page.getByTestId("traffic-sample").click();
      await expect(page.getByTestId("traffic-deployment")).toHaveCount(2);
      await expect(page.getByTestId("traffic-snippet-code").first()).toBeVisible();
    },
  },
  {
    name: "lanes with a question answered",
    path: "/lanes?m=gpt-4o-mini&tpd=10000000&dl=48",
    page: "lanes",
    load: async (page) => {
      await expect(page.getByTestId("lanes-chart-svg")).toBeVisible();
    },
  },
  { name: "quota", path: "/quota", page: "quota" },
  { name: "cost", path: "/cost", page: "cost" },
  { name: "snippets", path: "/snippets", page: "snippets" },
  {
    name: "snippets, control plane tab",
    path: "/snippets?tab=control",
    page: "snippets",
    load: async (page) => {
      await expect(page.getByTestId("snip-cp-plan")).toBeVisible();
    },
  },
  {
    name: "snippets, Flex tab",
    path: "/snippets?tab=flex",
    page: "snippets",
    load: async (page) => {
      await expect(page.getByTestId("snip-flex-code")).toContainText("service_tier");
    },
  },
  { name: "practice", path: "/practice", page: "practice" },
  { name: "facts", path: "/facts", page: "facts" },
];

test.describe.configure({ timeout: 240_000 });

for (const lang of ["en", "ko"]) {
  for (const theme of ["light", "dark"]) {
    test(`axe over every route state (${lang}, ${theme})`, async ({ page }) => {
      await prefer(page, { lang, theme });
      const found = [];
      for (const s of STATES) {
        await page.goto(s.path);
        await ready(page, TITLES[s.page][lang]);
        if (s.load) await s.load(page);
        for (const v of await axe(page)) found.push(`${s.name}: ${v}`);
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
}
