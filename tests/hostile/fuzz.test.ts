// Property-based hostile bodies against every page action (from the build's route manifest) and every /api
// operation that takes a body (from /api/openapi.json), as a visitor and as the signed-in administrator: oversize,
// deep, wide, many fields, repeated names, huge array indexes, long names, wrong content types, odd unicode, NUL.
// Each case must be answered without a 5xx within ANSWER_BUDGET_MS, while /api/health keeps answering within 1 s.
//
// Reproducible: a fixed seed unless FAST_CHECK_SEED is set; FAST_CHECK_RUNS cases per target (default 6);
// HOSTILE_TARGET=text runs only the targets whose name holds it (e.g. "POST /contact"), to replay one failure.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import fc from "fast-check";
import {
  caseArbitrary,
  describe,
  materialize,
  WRONG_TYPES_FOR_API,
  WRONG_TYPES_FOR_PAGES,
  type Aim,
  type Case,
} from "./bodies.ts";
import {
  apiOperations,
  formFields,
  pageActions,
  probeProblems,
  processChanges,
  send,
  serverPids,
  Target,
  underHealthProbe,
} from "./support.ts";

const SEED = Number(process.env.FAST_CHECK_SEED || 20261125);
const RUNS = Number(process.env.FAST_CHECK_RUNS || 6);
/** Time for an answer, the body's upload included (12 MB over loopback is a few milliseconds). */
const ANSWER_BUDGET_MS = 2_000;
const ONLY = process.env.HOSTILE_TARGET;

// Started by the first test that runs (so a name filter that selects none starts nothing).
const target = new Target();
after(() => target.stop());

/** The seed of one target: the run's seed mixed with the target's name, so adding a route changes no other's cases. */
function seedFor(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

interface Attack {
  name: string;
  method: string;
  path: string;
  aim: Aim;
  /** A case as the administrator ends the session (sign-out): sign in again before the next. */
  signsOut: boolean;
}

async function attack({ name, method, path, aim, signsOut }: Attack) {
  await target.healthy();
  const identities = fc.constantFrom("visitor" as const, "administrator" as const);
  let cookie: string | null = null;
  const property = fc.asyncProperty(caseArbitrary(aim), identities, async (testCase: Case, identity) => {
    const server = await target.healthy();
    if (identity === "administrator") cookie ??= await target.adminCookie();
    const { contentType, body } = materialize(testCase);
    const headers: Record<string, string> = { origin: server.url };
    if (contentType) headers["content-type"] = contentType;
    if (identity === "administrator") headers.cookie = cookie!;
    const processes = serverPids(server);
    const { outcome, probes } = await underHealthProbe(server.url, () =>
      send(server.url, { method, path, headers, body }, ANSWER_BUDGET_MS + 5_000),
    );
    if (identity === "administrator" && signsOut) cookie = null;
    const what = `${name} as ${identity}, ${(body.length / 1024).toFixed(0)} KiB ${contentType || "(no content type)"}`;
    if (outcome.status === "rejected") throw new Error(`${what}: ${(outcome.reason as Error).message}`);
    const answer = outcome.value;
    assert.ok(answer.status < 500, `${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
    assert.ok(
      answer.ms <= ANSWER_BUDGET_MS,
      `${what}: answered ${answer.status} after ${answer.ms.toFixed(0)} ms (budget ${ANSWER_BUDGET_MS} ms)`,
    );
    assert.equal(probeProblems(probes), "", what);
    assert.equal(processChanges(server, processes), "", what);
  });
  const details = await fc.check(property, { seed: seedFor(name), numRuns: RUNS, endOnFailure: true });
  if (details.failed) {
    const [testCase, identity] = details.counterexample!;
    const error = details.errorInstance as Error | undefined;
    assert.fail(
      `${error?.message ?? "failed"}\n  case: ${describe(testCase)} as ${identity}\n  reproduce: ` +
        `FAST_CHECK_SEED=${SEED} (target seed ${details.seed}, path ${details.counterexamplePath})`,
    );
  }
}

test("page actions: hostile form bodies are answered without a 5xx, in time, while /api/health answers", async (t) => {
  await target.healthy();
  const actions = pageActions();
  assert.ok(actions.length >= 5, `only ${actions.length} page actions found in the build's route manifest`);
  const cookie = await target.adminCookie();
  for (const action of actions) {
    if (ONLY && !`POST ${action.url}`.includes(ONLY)) continue;
    const fields = await formFields(target.url, action.url, cookie);
    const name = `POST ${action.url}`;
    await t.test(name, () =>
      attack({
        name,
        method: "POST",
        path: action.url,
        aim: { encodings: ["urlencoded", "multipart"], wrongTypes: WRONG_TYPES_FOR_PAGES, fields },
        signsOut: /logout/.test(action.url),
      }),
    );
  }
});

test("/api operations: hostile bodies are answered without a 5xx, in time, while /api/health answers", async (t) => {
  await target.healthy();
  const operations = await apiOperations(target.url);
  assert.ok(operations.length >= 10, `only ${operations.length} /api operations with a body in /api/openapi.json`);
  for (const operation of operations) {
    const name = `${operation.method} ${operation.template}`;
    if (ONLY && !name.includes(ONLY)) continue;
    await t.test(name, () =>
      attack({
        name,
        method: operation.method,
        path: operation.path,
        aim: { encodings: ["json"], wrongTypes: WRONG_TYPES_FOR_API, fields: operation.fields, valuesAreJson: true },
        signsOut: /logout/.test(operation.path),
      }),
    );
  }
});
