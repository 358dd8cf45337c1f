// Field names in every spelling Conform's name parser reads (brackets, dots, nested paths, list positions, its own
// control fields) and multipart parts in every shape a parser could read two ways, against every page action of the
// build: each page takes only the fields it declares, so whatever the spelling, every answer is a 4xx or the page's
// own answer within ANSWER_BUDGET_MS, /api/health answers within 1 s throughout, the same worker serves it all, and
// the worker's memory ends within RSS_MARGIN_MIB of where it started.
//
// Reproducible: a fixed seed unless FAST_CHECK_SEED is set; FAST_CHECK_RUNS cases per action (default 40).
import assert from "node:assert/strict";
import os from "node:os";
import { after, test } from "node:test";
import fc from "fast-check";
import {
  formFields,
  pageActions,
  probeProblems,
  processChanges,
  send,
  serverPids,
  serverRssMiB,
  Target,
  underHealthProbe,
  type Answer,
  type RawRequest,
} from "./support.ts";

const SEED = Number(process.env.FAST_CHECK_SEED || 20261201);
const RUNS = Number(process.env.FAST_CHECK_RUNS || 40);
/**
 * The gate refuses before any parser runs; a page that takes the body answers from its schema's check. On a busy
 * machine (more runnable work than cores) an answer waits for a core, so the bound there is a second.
 */
const QUIET = os.loadavg()[0]! <= os.availableParallelism();
const ANSWER_BUDGET_MS = QUIET ? 200 : 1_000;
const RSS_MARGIN_MIB = 50;

const target = new Target();
after(() => target.stop());

const FORM = "application/x-www-form-urlencoded";

async function judged(what: string, request: RawRequest, cookie?: string): Promise<Answer> {
  const server = await target.healthy();
  const headers: Record<string, string> = { origin: server.url, ...request.headers };
  if (cookie) headers.cookie = cookie;
  const processes = serverPids(server);
  const { outcome, probes } = await underHealthProbe(server.url, () =>
    send(server.url, { ...request, headers }, ANSWER_BUDGET_MS + 10_000),
  );
  if (outcome.status === "rejected") assert.fail(`${what}: ${(outcome.reason as Error).message}`);
  const answer = outcome.value;
  assert.ok(answer.status < 500, `${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
  assert.ok(answer.ms <= ANSWER_BUDGET_MS, `${what}: ${answer.status} after ${answer.ms.toFixed(0)} ms`);
  assert.equal(probeProblems(probes), "", what);
  assert.equal(processChanges(server, processes), "", what);
  return answer;
}

/** A multipart body written byte for byte: each part's header lines as given. */
function rawMultipart(parts: Array<{ headers: string[]; content: string }>): { contentType: string; body: string } {
  const boundary = "----gate" + "y".repeat(12);
  const body =
    parts.map(({ headers, content }) => `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n${content}\r\n`).join("") +
    `--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

const disposition = (name: string) => `Content-Disposition: form-data; name="${name}"`;

/** The attacks the issue measured (each took seconds, a worker's heap, or answered 500), as they were sent. */
const MEASURED: Array<{ what: string; path: string; signedIn?: boolean; contentType: string; body: string }> = [
  {
    what: "email[0] and email.10000000",
    path: "/account/login",
    contentType: FORM,
    body: "email[0]=a&email.10000000=b&password=x",
  },
  {
    what: "email.100000000",
    path: "/account/login",
    contentType: FORM,
    body: "email[0]=a&email.100000000=b&password=x",
  },
  { what: "zz[0] and zz.10000000", path: "/contact", contentType: FORM, body: "zz[0]=a&zz.10000000=b" },
  {
    what: "an update intent at index 10,000,000",
    path: "/account/login",
    contentType: FORM,
    body: `__intent__=${encodeURIComponent(
      JSON.stringify({ type: "update", payload: { name: "email", index: 10000000, value: "x" } }),
    )}`,
  },
  {
    what: "name[0] and name.10000000, signed in",
    path: "/profile/me/settings",
    signedIn: true,
    contentType: FORM,
    body: "intent=name&name[0]=a&name.10000000=b",
  },
  ...["/account/login", "/contact", "/tools/json-pretty-format", "/tools/url-decode-encode"].flatMap((path) => [
    { what: "__intent__=nope", path, contentType: FORM, body: "__intent__=nope" },
    { what: "__state__=nope", path, contentType: FORM, body: "__state__=nope" },
  ]),
  {
    what: "two Content-Dispositions in one part",
    path: "/contact",
    ...rawMultipart([{ headers: [disposition("a"), disposition("b[99999999]")], content: "x" }]),
  },
  {
    what: "__intent__ as a file part",
    path: "/contact",
    ...rawMultipart([{ headers: [`${disposition("__intent__")}; filename="i.json"`], content: "{}" }]),
  },
  {
    what: "form-data;; name=",
    path: "/contact",
    ...rawMultipart([{ headers: ['Content-Disposition: form-data;; name="a"'], content: "x" }]),
  },
  {
    what: "a part header of 16,000 semicolons",
    path: "/contact",
    ...rawMultipart([{ headers: [`${disposition("name")}${";".repeat(16_000)}`], content: "x" }]),
  },
];

test("the measured field-name and multipart attacks: a 4xx naming the problem, at once", async () => {
  console.info(`[hostile] answer budget ${ANSWER_BUDGET_MS} ms (load average ${os.loadavg()[0]!.toFixed(1)})`);
  await target.healthy();
  const cookie = await target.adminCookie();
  for (const attack of MEASURED) {
    const answer = await judged(
      `${attack.what} to ${attack.path}`,
      { method: "POST", path: attack.path, headers: { "content-type": attack.contentType }, body: attack.body },
      attack.signedIn ? cookie : undefined,
    );
    assert.equal(answer.status, 400, `${attack.what} to ${attack.path}: ${answer.status}`);
  }
});

/** Ways to join the words of a name, as Conform's parser or a percent-decoder reads them. */
const JOINS = [".", "[", "]", "][", "].", "[]", "%5B", "%5D", "%2E", "+", "[0].", "[1]."];
const WORDS = ["__proto__", "constructor", "__intent__", "__state__", "0", "1", "10000000", "99999999999", "-1", ""];
const SUFFIXES = ["", "[0]", "[1]", "[999]", "[99999999]", ".99999999", "[]", "[0][0]", ".x"];

function nameArbitrary(pageNames: string[]): fc.Arbitrary<string> {
  const word = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(pageNames.length > 0 ? pageNames : ["name"])) },
    { weight: 2, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  );
  return fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...JOINS), word), { maxLength: 3 }), word, fc.constantFrom(...SUFFIXES))
    .map(([rest, first, suffix]) => `${first}${rest.map(([join, next]) => `${join}${next}`).join("")}${suffix}`);
}

/** A part's headers, as browsers write them or in one of the shapes parsers disagree on. */
const PART_SHAPES: Array<(name: string) => string[]> = [
  (name) => [disposition(name)],
  (name) => [disposition(name), "Content-Type: text/plain"],
  (name) => [`${disposition(name)}; filename="x.json"`, "Content-Type: application/json"],
  (name) => [disposition(name), disposition("other[99999999]")],
  (name) => [`Content-Disposition: form-data;; name="${name}"`],
  (name) => [`Content-Disposition: form-data; name=${name}`],
  (name) => [`${disposition(name)}; name="again"`],
  (name) => [`${disposition(name)}${";".repeat(3_000)}`],
  (name) => [disposition(name), "X-Other: 1"],
  (name) => [`${disposition(name)}; filename="a\\"; name="b[99999999]"`],
];

const caseArbitrary = (pageNames: string[]) =>
  fc.record({
    fields: fc.array(
      fc.tuple(nameArbitrary(pageNames), fc.string({ maxLength: 6 }), fc.nat({ max: PART_SHAPES.length - 1 })),
      { minLength: 1, maxLength: 8 },
    ),
    encoding: fc.constantFrom("urlencoded", "multipart", "raw multipart"),
    signedIn: fc.boolean(),
  });

test("every page action, names in every spelling and malformed parts: no 5xx, in time, same worker", async (t) => {
  const server = await target.healthy();
  const cookie = await target.adminCookie();
  const actions = pageActions();
  assert.ok(actions.length >= 5, `only ${actions.length} page actions in the build's route manifest`);
  // Warm the worker before its resting memory is read: every page once.
  for (const action of actions) await formFields(server.url, action.url, cookie);
  const restingRss = serverRssMiB(server);
  for (const action of actions) {
    const pageNames = Object.keys(await formFields(server.url, action.url, cookie));
    await t.test(`POST ${action.url}`, async () => {
      const property = fc.asyncProperty(caseArbitrary(pageNames), async ({ fields, encoding, signedIn }) => {
        let request: { contentType: string; body: string | Buffer };
        if (encoding === "urlencoded") {
          request = {
            contentType: FORM,
            body: fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&"),
          };
        } else {
          request = rawMultipart(
            fields.map(([name, value, shape]) => ({
              headers: encoding === "multipart" ? [disposition(name)] : PART_SHAPES[shape]!(name),
              content: value,
            })),
          );
        }
        const session = signedIn && !/logout/.test(action.url) ? await target.adminCookie() : undefined;
        await judged(
          `POST ${action.url} ${encoding} ${JSON.stringify(fields.map(([name]) => name))}`,
          { method: "POST", path: action.url, headers: { "content-type": request.contentType }, body: request.body },
          session,
        );
      });
      const details = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
      if (details.failed)
        assert.fail(
          `${(details.errorInstance as Error | undefined)?.message ?? "failed"}\n  reproduce: ` +
            `FAST_CHECK_SEED=${SEED} (path ${details.counterexamplePath})`,
        );
    });
  }
  assert.equal(target.restarts, 0, "the server was replaced during the run");
  const rss = serverRssMiB(target.server);
  console.info(`[hostile] worker RSS ${restingRss.toFixed(0)} MiB at rest, ${rss.toFixed(0)} MiB after every case`);
  assert.ok(rss - restingRss <= RSS_MARGIN_MIB, `worker RSS grew from ${restingRss} to ${rss} MiB`);
});
