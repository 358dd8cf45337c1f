// The JSON pretty formatter and the URL decoder & encoder, with JavaScript on (computed in the browser, nothing
// posted) and off (the form posts; the server computes and shows the input again).
import type { Download, Page } from "@playwright/test";
import { OUTPUT_PREVIEW_CHARS } from "#shared/tools/json/output-preview.ts";
import { INPUT_PART_CHARS } from "#app/tools/json/worker-client.ts";
import { actBeforeHydration, expect, holdRequests, navMenuButton, navMenuEntry, test } from "./fixtures";
import { axeViolations } from "./support/axe";

const JSON_PAGE = "/tools/json-pretty-format";
const URL_PAGE = "/tools/url-decode-encode";

/** With JavaScript, waits until the page computes in the browser; without, there is nothing to wait for. */
async function openTool(page: Page, path: string, javaScriptEnabled: boolean): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled)
    await expect(page.getByText("Your input is processed in your browser and never leaves it.")).toBeVisible();
}

/** Sets a textarea's text in one go (typing megabytes would take minutes), firing input as typing would. */
async function setText(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((element, value) => {
    (element as HTMLTextAreaElement).value = value;
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }, text);
}

/** Fills a textarea with a JSON array of about `bytes` bytes, one short string per line, made in the page. */
async function setLargeJson(page: Page, selector: string, bytes: number): Promise<void> {
  await page.locator(selector).evaluate((element, size) => {
    const line = `"${"a".repeat(96)}",\n`;
    const lines = Math.ceil((size - 8) / line.length);
    (element as HTMLTextAreaElement).value = `[\n${line.repeat(lines)}"end"\n]`;
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }, bytes);
}

/** A downloaded file's text (UTF-8). */
async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Records page posts: with JavaScript the tools must not send the input anywhere. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("JSON pretty formatter", () => {
  test("formats losslessly: big numbers, 1.0, key order and emoji stay as written; the input is kept", async ({
    page,
    javaScriptEnabled,
  }) => {
    const posts = recordPosts(page);
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    // Markup in a string and a leading line break come back as typed (the server writes an echoed input into the page
    // itself).
    const input =
      '\n{"b": 12345678901234567890, "10": 1.0, "2": 1e400, "s": "😀 \\ud83d\\ude00", "h": "</textarea><b>&amp; \'q\'"}';
    await page.getByLabel("JSON input").fill(input);
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByLabel("Formatted")).toHaveValue(
      '{\n  "b": 12345678901234567890,\n  "10": 1.0,\n  "2": 1e400,\n' +
        '  "s": "😀 \\ud83d\\ude00",\n  "h": "</textarea><b>&amp; \'q\'"\n}',
    );
    await expect(page.getByLabel("JSON input")).toHaveValue(input);
    await expect(page.getByRole("status")).toContainText("Valid JSON: 6 values");
    await expect(page.getByRole("heading", { name: /Numbers JavaScript would change \(2\)/ })).toBeVisible();
    expect(page.url()).not.toContain("12345678901234567890");
    expect(posts).toEqual(javaScriptEnabled ? [] : [expect.stringContaining(JSON_PAGE)]);
  });

  test("a form posted before the page's scripts took over comes back with its input, and the scripts keep it", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript every post is this case: the test above");
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    const input = '{"kept": "line 1\\nline 2", "n": 10.50}\n';
    await page.getByLabel("JSON input").fill(input);
    // form.submit() skips the page's submit handler: the browser posts the form as it would before hydration.
    await Promise.all([
      page.waitForURL(JSON_PAGE),
      page
        .locator("form")
        .filter({ has: page.getByLabel("JSON input") })
        .evaluate((form) => (form as HTMLFormElement).submit()),
    ]);
    await expect(page.getByText("Your input is processed in your browser and never leaves it.")).toBeVisible();
    await expect(page.getByLabel("Formatted")).toHaveValue('{\n  "kept": "line 1\\nline 2",\n  "n": 10.50\n}');
    await expect(page.getByLabel("JSON input")).toHaveValue(input);
    // The page, now hydrated, formats edits of that same text in the browser.
    await page.getByLabel("JSON input").press("End");
    await page.getByLabel("JSON input").evaluate((element) => {
      (element as HTMLTextAreaElement).value = (element as HTMLTextAreaElement).value.replace("10.50", "11");
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await expect(page.getByLabel("Formatted")).toHaveValue('{\n  "kept": "line 1\\nline 2",\n  "n": 11\n}');
  });

  test("indent and sort-key options", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"b": [1, 2], "a": {"d": 1, "c": 2}}');
    await page.getByLabel("Indent").selectOption("minified");
    await page.getByLabel("Sort keys").check();
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByLabel("Formatted")).toHaveValue('{"a":{"c":2,"d":1},"b":[1,2]}');
    await page.getByLabel("Indent").selectOption("tab");
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByLabel("Formatted")).toHaveValue(
      '{\n\t"a": {\n\t\t"c": 2,\n\t\t"d": 1\n\t},\n\t"b": [\n\t\t1,\n\t\t2\n\t]\n}',
    );
    await expect(page.getByLabel("Sort keys")).toBeChecked();
  });

  test("invalid JSON: line, column, the line with a caret, and a hint", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{\n  "name": "x",\n  "list": [1, 2,]\n}');
    await page.getByRole("button", { name: "Format" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Invalid JSON at line 3, column 16: Trailing comma before ']'.");
    await expect(alert.getByLabel("Line 3, column 16")).toHaveText(/3 \|\s+"list": \[1, 2,\]\s+\|\s+\^/);
    await expect(alert).toContainText("Hint: JSON does not allow a comma after the last member");
    await expect(page.getByLabel("Formatted")).toHaveValue("");
    await expect(page.getByLabel("JSON input")).toHaveValue('{\n  "name": "x",\n  "list": [1, 2,]\n}');
  });

  test("JSONC: comments and trailing commas are accepted when asked, and the page says what it removed", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{\n  // the port\n  "port": 8080,\n}');
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByRole("alert")).toContainText("Comments are not allowed in JSON.");
    await page.getByLabel("Allow comments and trailing commas (JSONC)").check();
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByLabel("Formatted")).toHaveValue('{\n  "port": 8080\n}');
    await expect(page.getByText("Removed 1 line comment (line 2) and 1 trailing comma (line 3).")).toBeVisible();
  });

  test("duplicate keys are listed with their lines and the value a parser keeps", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{\n  "id": 1,\n  "id": 2\n}');
    await page.getByRole("button", { name: "Format" }).click();
    const table = page.getByRole("table");
    await expect(page.getByRole("heading", { name: "Duplicate keys (1)" })).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toHaveText(
      ["$", '"id"', "2, 3", "the value on line 3 (the last)"].join(""),
    );
    await expect(page.getByLabel("Formatted")).toHaveValue('{\n  "id": 1,\n  "id": 2\n}');
  });

  test("the tree view folds", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"user": {"name": "Ann", "roles": ["a", "b"]}}');
    await page.getByRole("button", { name: "Format" }).click();
    const tree = page.locator("details", { has: page.getByText("Tree view", { exact: true }) });
    const name = tree.getByText('"Ann"');
    await expect(name).toBeVisible();
    await tree.locator("summary", { hasText: "user:" }).click();
    await expect(name).toBeHidden();
    await tree.locator("summary", { hasText: "user:" }).click();
    await expect(name).toBeVisible();
  });

  test("download gives the formatted JSON as a file", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"a":[1,2.50]}');
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("formatted.json");
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(path, "utf8")).toBe('{\n  "a": [\n    1,\n    2.50\n  ]\n}');
  });

  test("download of invalid JSON shows the error instead", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill("{a: 1}");
    await page.getByRole("button", { name: "Download" }).click();
    await expect(page.getByRole("alert")).toContainText("unquoted key 'a'");
  });

  test("an input over 10 MB gets a message naming the limit", async ({ page, javaScriptEnabled }) => {
    test.slow();
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    // Just over 10 MB, within the page body limit (11 MB), so the server itself answers when JavaScript is off.
    await setLargeJson(page, "#json-input", 10 * 1024 * 1024 + 50);
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByRole("alert")).toContainText(
      /The input is 10 MB \(10,48[5-6],[\d,]+ bytes\); the limit is 10 MB \(10,485,760 bytes\)\./,
      { timeout: 20_000 },
    );
    await expect(page.getByLabel("Formatted")).toHaveValue("");
  });

  test("a post over the 11 MB page limit gets a 413 page naming the 10 MB limit", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "with JavaScript the browser refuses the input itself");
    test.slow();
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await setLargeJson(page, "#json-input", 11 * 1024 * 1024 + 50);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST"),
      page.getByRole("button", { name: "Format" }).click(),
    ]);
    expect(response.status()).toBe(413);
    await expect(page.getByRole("heading", { name: "HTTP 413: Request too large" })).toBeVisible();
    await expect(page.getByText("The JSON formatter takes inputs up to 10 MB")).toBeVisible();
  });

  test("large inputs are formatted in a Web Worker, allowed by the Content-Security-Policy", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the worker is the JavaScript path");
    test.slow();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    const records = Array.from(
      { length: 5_000 },
      (_, i) => `{"id":${i},"big":9007199254740993${i % 10},"name":"user ${i}"}`,
    );
    const worker = page.waitForEvent("worker");
    await setText(page, "#json-input", `[${records.join(",")}]`);
    expect((await worker).url()).toMatch(/\/assets\/json\.worker-[\w-]+\.js$/);
    await expect(page.getByRole("status")).toContainText("Valid JSON: 20,001 values", { timeout: 20_000 });
    await expect(page.getByLabel("Formatted")).toHaveValue(/^\[\n  \{\n    "id": 0,\n    "big": 90071992547409930,/);
    await expect(page.getByText("The tree shows 2,000 of 20,001 values")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a long output shows its start in the box, and Copy or Download give all of it", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await setLargeJson(page, "#json-input", 600_000);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Format" }).click();
    const note = page.getByText(/^The box shows the first [\d.]+ KB of [\d.]+ KB, so the page stays quick\./);
    await expect(note).toBeVisible({ timeout: 20_000 });
    await expect(note).toContainText(
      javaScriptEnabled ? "Copy and Download give all of it." : "Download gives all of it.",
    );
    const shown = await page.getByLabel("Formatted").inputValue();
    expect(shown.length).toBeLessThanOrEqual(OUTPUT_PREVIEW_CHARS);
    expect(shown.endsWith(",")).toBe(true);
    await expect(page.getByRole("button", { name: "Copy", exact: true })).toHaveCount(javaScriptEnabled ? 1 : 0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    const whole = await downloadedText(download);
    expect(whole.length).toBeGreaterThan(600_000);
    expect(whole.startsWith(shown)).toBe(true);
    expect(whole.trimEnd().endsWith('"end"\n]')).toBe(true);
  });

  test("megabytes reach the worker in parts and come back whole: an emoji split between parts stays one", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the worker is the JavaScript path");
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    // 2.5 million UTF-16 units, so three parts; an emoji (two units) straddles the first part's end.
    const input = await page.locator("#json-input").evaluate((element, partChars) => {
      const head = `["${"a".repeat(partChars - 3)}😀",\n`;
      const line = `"${"b".repeat(90)} 😀 ü",\n`;
      const text = `${head}${line.repeat(Math.ceil(1_500_000 / line.length))}"end"]`;
      (element as HTMLTextAreaElement).value = text;
      element.dispatchEvent(new Event("input", { bubbles: true }));
      return text;
    }, INPUT_PART_CHARS);
    expect(input.codePointAt(INPUT_PART_CHARS - 1)).toBe("😀".codePointAt(0));
    await expect(page.getByText("Copy and Download give all of it.")).toBeVisible({ timeout: 30_000 });
    const expected = JSON.stringify(JSON.parse(input), null, 2);

    await page.getByRole("button", { name: "Copy", exact: true }).click();
    // Megabytes gathered from the worker's parts, then written to the clipboard: slow on a busy machine.
    await expect(page.getByRole("button", { name: "Copy: copied" })).toBeVisible({ timeout: 60_000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trimEnd()).toBe(expected);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    const downloaded = await downloadedText(download);
    expect(downloaded).toBe(copied);
  });

  test("the answer to a post is not cached", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript nothing is posted");
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"secret": "value"}');
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST"),
      page.getByRole("button", { name: "Format" }).click(),
    ]);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(page.url()).toMatch(/\/tools\/json-pretty-format$/);
  });
});

test.describe("URL decoder & encoder", () => {
  test("encodes in each mode, each with its legend", async ({ page, javaScriptEnabled }) => {
    const posts = recordPosts(page);
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("a b&c=d/é!*");
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("a%20b%26c%3Dd%2F%C3%A9!*");
    const expected: [RegExp, string][] = [
      [/Full URI/, "a%20b&c=d/%C3%A9!*"],
      [/Form \(space as \+\)/, "a+b%26c%3Dd%2F%C3%A9%21*"],
      [/Strict RFC 3986/, "a%20b%26c%3Dd%2F%C3%A9%21%2A"],
      [/Everything except letters and digits/, "a%20b%26c%3Dd%2F%C3%A9%21%2A"],
    ];
    for (const [mode, output] of expected) {
      await page.getByRole("radio", { name: mode }).check();
      await page.getByRole("button", { name: "Encode", exact: true }).click();
      await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue(output);
    }
    await expect(
      page.getByText("Keeps only the unreserved A–Z a–z 0–9 - . _ ~ — also encodes ! ' ( ) *."),
    ).toBeVisible();
    expect(posts.length).toBe(javaScriptEnabled ? 0 : 5);
  });

  test("decodes strictly: a malformed sequence is an error naming it and its position", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("caf%C3%A9%20ok%zz%FF");
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Cannot decode: 2 problems.");
    await expect(alert).toContainText("%zz at position 15: '%zz' is not a percent-encoded byte");
    await expect(alert).toContainText("%FF at position 18: Invalid UTF-8: %FF never appears in UTF-8.");
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("");
    await page.getByLabel("Input", { exact: true }).fill("caf%C3%A9+au+lait");
    // With JavaScript typing runs the tool: the problems above go, and the options below move up. A click while they
    // move can miss the checkbox.
    if (javaScriptEnabled) await expect(alert).toHaveCount(0);
    await page.getByLabel("+ as space").check();
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("café au lait");
  });

  test("double encoding: each decoding layer is shown", async ({ page, javaScriptEnabled }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("q%3Dcaf%25C3%25A9");
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("q=caf%C3%A9");
    await expect(page.getByRole("heading", { name: "Double encoding: 2 layers" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Decoded 2×" })).toContainText("q=café");
  });

  test("line breaks: LF or CRLF as chosen (no stray %0D from the form post), and line by line", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("a b\nc");
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("a%20b%0Ac");
    await page.getByLabel("CRLF (%0D%0A)").check();
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("a%20b%0D%0Ac");
    await page.getByLabel("Line by line").check();
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("a%20b\nc");
  });

  test("URL breakdown with a query table that keeps repeated keys, order and empty values", async ({
    page,
    javaScriptEnabled,
  }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page
      .getByLabel("Input", { exact: true })
      .fill("https://ann@example.com:8443/p/a%20th?tag=b&tag=a&empty=&flag&q=caf%C3%A9+x#top");
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    const breakdown = page
      .getByRole("region", { name: /URL breakdown/ })
      .or(page.locator("section", { has: page.getByRole("heading", { name: /URL breakdown/ }) }));
    await expect(breakdown.getByRole("row", { name: /Host/ })).toContainText("example.com");
    await expect(breakdown.getByRole("row", { name: /Port/ })).toContainText("8443");
    await expect(breakdown.getByRole("row", { name: /User/ })).toContainText("ann");
    await expect(breakdown.getByRole("row", { name: /Fragment/ })).toContainText("top");
    const params = breakdown.getByRole("table").nth(1).getByRole("row");
    await expect(params).toHaveText([/#KeyValue/, /1tagb/, /2taga/, /3empty\(empty\)/, /4flag\(no “=”\)/, /5qcafé x/]);
  });

  test("swap moves the output into the input and reverses the direction", async ({ page, javaScriptEnabled }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("1 + 1 = 2");
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("1%20%2B%201%20%3D%202");
    await page.getByRole("button", { name: "Swap" }).click();
    await expect(page.getByLabel("Input", { exact: true })).toHaveValue("1%20%2B%201%20%3D%202");
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("1 + 1 = 2");
  });

  test("Full URI mode keeps an IPv6 host's brackets, its port and its zone", async ({ page, javaScriptEnabled }) => {
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("http://[fe80::1%eth0]:8080/a b?q=[x]");
    await page.getByRole("radio", { name: /Full URI/ }).check();
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue(
      "http://[fe80::1%25eth0]:8080/a%20b?q=%5Bx%5D",
    );
    await page.getByRole("button", { name: "Swap" }).click();
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("http://[fe80::1%eth0]:8080/a b?q=[x]");
  });

  test("the copy button copies the output", async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "copying needs JavaScript; without it the output is selectable text");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("a b");
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copy: copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("a%20b");
  });

  test("the copy button says so when the browser refuses the clipboard", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "copying needs JavaScript; without it the output is selectable text");
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("a b");
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copy: failed" })).toHaveText("Copy failed");
    // The output stays on the page, to copy by hand.
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("a%20b");
  });
});

test.describe("shareable links", () => {
  test("a link with a small input in the query string shows the result, with or without JavaScript", async ({
    page,
  }) => {
    const input = '{"b": [1, 2.50], "a": "é & ü"}';
    const response = await page.goto(`${JSON_PAGE}?${new URLSearchParams({ input, indent: "4", sortKeys: "on" })}`);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByLabel("JSON input")).toHaveValue(input);
    await expect(page.getByLabel("Indent")).toHaveValue("4");
    await expect(page.getByLabel("Sort keys")).toBeChecked();
    await expect(page.getByLabel("Formatted")).toHaveValue(
      '{\n    "a": "é & ü",\n    "b": [\n        1,\n        2.50\n    ]\n}',
    );
    await page.goto(`${URL_PAGE}?${new URLSearchParams({ input: "a%2520b", direction: "decode" })}`);
    await expect(page.getByLabel("Decoded", { exact: true })).toHaveValue("a%20b");
    await expect(page.getByRole("heading", { name: "Double encoding: 2 layers" })).toBeVisible();
  });

  test("without JavaScript a result of a small input has a plain link to it", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript the Copy link button makes the link");
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("http://[2001:db8::1]:8080/a b");
    await page.getByRole("radio", { name: /Full URI/ }).check();
    await page.getByRole("button", { name: "Encode", exact: true }).click();
    const link = page.getByRole("link", { name: "Link to this result" });
    await expect(link).toHaveAttribute("href", /^\/tools\/url-decode-encode\?input=http%3A%2F%2F%5B2001.*&mode=uri$/);
    await link.click();
    await expect(page.getByLabel("Encoded", { exact: true })).toHaveValue("http://[2001:db8::1]:8080/a%20b");
    await expect(page.getByRole("radio", { name: /Full URI/ })).toBeChecked();
  });

  test("Copy link: a small input in the query string, a large one after #, and both open as they were", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "copying needs JavaScript; without it the page shows a plain link");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"small": true}');
    await page.getByLabel("Indent").selectOption("tab");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copy link: copied" })).toBeVisible();
    const small = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(small.pathname + small.search).toBe(`${JSON_PAGE}?input=%7B%22small%22%3A+true%7D&indent=tab`);
    expect(small.hash).toBe("");

    const large = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `naïve ${i}` })) });
    await setText(page, "#json-input", large);
    await page.getByLabel("Sort keys").check();
    await page.getByRole("button", { name: /Copy link/ }).click();
    await expect(page.getByText("The input is after the link's #")).toBeVisible();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.search).toBe("");
    expect(link.hash).toMatch(/^#input=/);

    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("about:blank");
    await page.goto(link.href);
    await expect(page.getByLabel("JSON input")).toHaveValue(large);
    await expect(page.getByLabel("Indent")).toHaveValue("tab");
    await expect(page.getByLabel("Sort keys")).toBeChecked();
    await expect(page.getByLabel("Formatted")).toHaveValue(/^\{\n\t"items": \[\n\t\t\{\n\t\t\t"id": 0,/);
    // The fragment is never sent: no request carries the input.
    expect(requests.filter((url) => url.includes("naïve") || url.includes("na%C3%AFve"))).toEqual([]);
  });
});

test.describe("JSON files", () => {
  const file = { name: "data.json", mimeType: "application/json", buffer: Buffer.from('{"from":"a file","n":[1,2]}') };

  test("a chosen file is formatted (read in the browser, or posted without JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const posts = recordPosts(page);
    // The code that reads a chosen file comes after the page hydrates: a file chosen before it arrives is read too.
    const release = await holdRequests(page, /\/assets\/file-opening-[\w-]+\.js$/);
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("Open a JSON file").setInputFiles(file);
    release();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByLabel("Formatted")).toHaveValue('{\n  "from": "a file",\n  "n": [\n    1,\n    2\n  ]\n}');
    await expect(page.getByLabel("JSON input")).toHaveValue('{"from":"a file","n":[1,2]}');
    expect(posts).toEqual(javaScriptEnabled ? [] : [expect.stringContaining(JSON_PAGE)]);
  });

  test("a file over 10 MB gets the input's limit message (refused unread with JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    const bytes = 10 * 1024 * 1024 + 1;
    await page.getByLabel("Open a JSON file").setInputFiles({
      name: "big.json",
      mimeType: "application/json",
      buffer: Buffer.alloc(bytes, "1"),
    });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "The input is 10 MB (10,485,761 bytes); the limit is 10 MB (10,485,760 bytes).",
      { timeout: 20_000 },
    );
    await expect(page.getByLabel("JSON input")).toHaveValue("");
  });

  test("a file dropped on the input is read into it", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "dropping a file needs JavaScript; without it the file field takes it");
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    // The drop handler's code loads after the page; the note offers dropping once it is there.
    await expect(page.getByText("or drop one on the box.")).toBeVisible();
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "dropped.json", { type: "application/json" }));
      return transfer;
    }, '[1, 2, {"dropped": true}]');
    await page.locator("#json-input").dispatchEvent("dragover", { dataTransfer });
    await page.locator("#json-input").dispatchEvent("drop", { dataTransfer });
    await expect(page.getByLabel("JSON input")).toHaveValue('[1, 2, {"dropped": true}]');
    await expect(page.getByLabel("Formatted")).toHaveValue('[\n  1,\n  2,\n  {\n    "dropped": true\n  }\n]');
  });
});

test.describe("the tools index", () => {
  test("a card per tool, reached from the header and from each tool's page", async ({ page, javaScriptEnabled }) => {
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Developer tools" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("heading", { level: 1, name: "Developer tools" })).toBeVisible();
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("without losing a digit");
    await cards.getByRole("link", { name: "URL Decoder & Encoder" }).click();
    await expect(page).toHaveURL(new RegExp(`${URL_PAGE}$`));
    await navMenuButton(page, "Tools").click();
    await navMenuEntry(page, "All tools").click();
    await expect(page).toHaveURL(/\/tools$/);
  });
});

test.describe("on a phone (390 px)", () => {
  test("the actions sit between input and output, and an error right under the input", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const box = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!;
    for (const tool of [
      { path: JSON_PAGE, input: "JSON input", output: "Formatted", action: "Format", bad: '{"a": [1, 2,]}' },
      { path: URL_PAGE, input: "Input", output: "Encoded", action: "Encode", bad: "%zz" },
    ]) {
      await openTool(page, tool.path, javaScriptEnabled);
      await page.getByLabel(tool.input, { exact: true }).fill(tool.bad);
      if (tool.path === URL_PAGE) await page.getByRole("button", { name: "Decode", exact: true }).click();
      else await page.getByRole("button", { name: tool.action, exact: true }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toBeVisible();
      const input = await box(page.getByLabel(tool.input, { exact: true }));
      const action = await box(page.getByRole("button", { name: tool.action, exact: true }));
      const output = await box(page.locator(tool.path === URL_PAGE ? "#url-output" : "#json-output"));
      const error = await box(alert);
      expect(error.y, "the error follows the input").toBeGreaterThan(input.y + input.height);
      expect(error.y - (input.y + input.height), "and is close to it").toBeLessThan(120);
      expect(action.y, "the actions follow the error").toBeGreaterThan(error.y + error.height);
      expect(action.y + action.height, "and come before the output").toBeLessThan(output.y);
    }
  });

  test("nothing moves when the page hydrates", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    await page.setViewportSize({ width: 390, height: 844 });
    await actBeforeHydration(page);
    for (const tool of [
      { path: JSON_PAGE, chunk: /\/assets\/json-pretty-format-[\w-]+\.js$/, input: "JSON input" },
      { path: URL_PAGE, chunk: /\/assets\/url-decode-encode-[\w-]+\.js$/, input: "Input" },
    ]) {
      // The page's own code is held back, so the page is measured as the server sent it, then once it has hydrated.
      const release = await holdRequests(page, tool.chunk);
      await page.goto(tool.path, { waitUntil: "commit" });
      const input = page.getByLabel(tool.input, { exact: true });
      await expect(input).toBeVisible();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
      );
      const inBrowser = page.getByText("Your input is processed in your browser and never leaves it.");
      await expect(inBrowser, "not hydrated yet: the chunk is held").toBeHidden();
      const before = await input.boundingBox();
      release();
      await expect(inBrowser).toBeVisible();
      expect(await input.boundingBox(), tool.path).toEqual(before);
      await page.unrouteAll();
    }
  });
});

test.describe("results are accessible", () => {
  // The tools' pages as they load are in the audit of every page (a11y.spec.ts); these are the states input brings.
  test("errors, tables, layers, breakdown and the tree pass axe", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as JavaScript in the page; the markup is the same without it");
    test.slow();
    await openTool(page, JSON_PAGE, javaScriptEnabled);
    await page.getByLabel("JSON input").fill('{"a": 1, "a": [1, 12345678901234567890], "b": {"c": null}}');
    await expect(page.getByText("Tree view")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("JSON input").fill('{\n\t"list": [1, 2,]\n}');
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await openTool(page, URL_PAGE, javaScriptEnabled);
    await page.getByLabel("Input", { exact: true }).fill("https://example.com/?q=caf%25C3%25A9&q=&x");
    await page.getByRole("button", { name: "Decode", exact: true }).click();
    await expect(page.getByRole("heading", { name: /URL breakdown/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Input", { exact: true }).fill("%zz");
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
