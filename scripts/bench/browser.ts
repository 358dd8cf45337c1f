// Does the page stay responsive while the JSON tool formats 10 MB in the browser? Puts the text into the tool's
// input in headless Chromium and records every main-thread task over 50 ms (Long Tasks API) and every frame over
// 50 ms (Long Animation Frames API: a task plus the rendering it caused, which the Long Tasks API leaves out) from
// the input event until the formatted result shows. Putting 10 MB into a textarea (and the browser laying it out)
// is itself one long task that happens before the tool's code runs; it is reported apart.
import { chromium } from "@playwright/test";
import { jsonDocument, round } from "./run.ts";

export interface ResponsivenessResult {
  inputBytes: number;
  /** From the input event to the formatted result on screen. */
  formatMs: number;
  /** Setting the textarea's value and laying it out (the browser's own work, before any of the tool's code). */
  pasteTaskMs: number;
  longestTaskMs: number;
  longTasks: number;
  /** The longest frame: script, style, layout and paint before the screen could update. */
  longestFrameMs: number;
  /** The longest task and frame stayed under 200 ms (INP's "good"), so typing and clicks kept answering. */
  responsive: boolean;
}

const RESPONSIVE_TASK_MS = 200;

export async function measureJsonToolResponsiveness(
  baseUrl: string,
  chromiumPath: string,
  bytes = 10_000_000,
): Promise<ResponsivenessResult> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    // Hydrated once the scripts have loaded and run; the tool formats in the browser only after that.
    await page.goto(`${baseUrl}/tools/json-pretty-format`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const document10MB = jsonDocument(bytes);
    const result = await page.evaluate(
      async ({ text, timeoutMs }) => {
        const tasks: { start: number; duration: number }[] = [];
        const frames: { start: number; duration: number }[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
        });
        observer.observe({ type: "longtask", buffered: false });
        const frameObserver = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) frames.push({ start: entry.startTime, duration: entry.duration });
        });
        frameObserver.observe({ type: "long-animation-frame", buffered: false });
        const input = document.querySelector<HTMLTextAreaElement>("#json-input");
        const output = document.querySelector<HTMLTextAreaElement>("#json-output");
        if (!input || !output) throw new Error("the JSON tool's #json-input or #json-output is missing");
        const pasteStart = performance.now();
        input.value = text;
        // The browser lays out the pasted text in the next frame: its own work, before any of the tool's code.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const pasteEnd = performance.now();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const started = performance.now();
        while (output.value.length === 0) {
          if (performance.now() - started > timeoutMs)
            throw new Error(`no formatted output within ${timeoutMs / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const formatMs = performance.now() - started;
        // Let the last long tasks be reported.
        await new Promise((resolve) => setTimeout(resolve, 200));
        observer.disconnect();
        frameObserver.disconnect();
        const during = tasks.filter((task) => task.start >= pasteEnd - 1);
        const pasting = tasks.filter((task) => task.start < pasteEnd - 1);
        return {
          formatMs,
          pasteTaskMs: Math.max(pasteEnd - pasteStart, ...pasting.map((task) => task.duration)),
          longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
          longTasks: during.length,
          longestFrameMs: Math.max(
            0,
            ...frames.filter((frame) => frame.start >= pasteEnd - 1).map((frame) => frame.duration),
          ),
        };
      },
      { text: document10MB, timeoutMs: 60_000 },
    );
    return {
      inputBytes: Buffer.byteLength(document10MB),
      formatMs: round(result.formatMs),
      pasteTaskMs: round(result.pasteTaskMs),
      longestTaskMs: round(result.longestTaskMs),
      longTasks: result.longTasks,
      longestFrameMs: round(result.longestFrameMs),
      responsive: Math.max(result.longestTaskMs, result.longestFrameMs) < RESPONSIVE_TASK_MS,
    };
  } finally {
    await browser.close();
  }
}
