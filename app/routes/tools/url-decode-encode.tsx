// URL decoder & encoder. Without JavaScript the form posts and the server computes; with
// JavaScript the browser computes as you type. The input is never stored or logged, and put in a URL only when the
// visitor asks for a link to it; an answer that shows an input is not cached.
import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftRightIcon from "lucide-react/icons/arrow-left-right";
import { inlineIconClass } from "#app/components/icons.ts";
import { useEffect, useRef, useState } from "react";
import { data, useActionData, useLoaderData, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/url-decode-encode";
import { CopyButton } from "#app/components/copy-button.tsx";
import { UrlBreakdownView } from "#app/components/tools/url-breakdown.tsx";
import { UrlLayersView } from "#app/components/tools/url-layers.tsx";
import { UrlOptionsPanel } from "#app/components/tools/url-options.tsx";
import { UrlProblemsView } from "#app/components/tools/url-problems.tsx";
import { UrlToolSchema } from "#shared/contract/tools.ts";
import type { UrlToolResult } from "#shared/tools/url/engine.ts";
import {
  DEFAULT_URL_OPTIONS,
  DIRECTIONS,
  ENCODE_MODES,
  LINE_ENDINGS,
  MAX_URL_INPUT_LABEL,
  type Direction,
  type UrlToolOptions,
} from "#shared/tools/url/options.ts";
import { optionParams, queryShareLink, readSharedParams } from "#app/tools/share-link.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { WhereInputGoes } from "#app/components/tools/where-input-goes.tsx";
import type { HydrationHandle } from "#app/utils/hydration.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

// Decoding and encoding follow the typing in the browser, so this page hydrates.
export const handle = { hydrate: true } satisfies HydrationHandle;

const NO_STORE = { "Cache-Control": "no-store" };
/** The engine is loaded on first use (the input gets focus), keeping it out of the page's initial JavaScript. */
const loadEngine = () => import("#shared/tools/url/engine.ts");
/** Loaded when a link is asked for or opened. */
const loadShareLink = () => import("#app/tools/share-link.ts");
/** Where Copy link says where the input went. */
const SHARE_NOTE_ID = "share-link-note";
const PAGE_PATH = "/tools/url-decode-encode";

export const action = declaredAction(formFields(UrlToolSchema), async ({ request }: Route.ActionArgs) => {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: UrlToolSchema });
  const postedInput = formData.get("input");
  const input = typeof postedInput === "string" ? postedInput : "";
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)
        .join(" ") || "Check the form.";
    return data(
      { input, options: readOptions(formData), result: null, formError: message, link: null },
      { status: 400, headers: NO_STORE },
    );
  }
  const { intent, input: value, direction: shownDirection, ...rest } = submission.value;
  const { runUrlTool } = await loadEngine();
  if (intent === "swap") {
    // Swap puts the result on screen into the input and reverses the direction, as the button does with JavaScript.
    const shown = runUrlTool(value, { ...rest, direction: shownDirection });
    if (!shown.ok) {
      const options = { ...rest, direction: shownDirection };
      const link = queryShareLink(PAGE_PATH, input, optionParams(options, DEFAULT_URL_OPTIONS));
      return data({ input, options, result: shown, formError: null, link }, { headers: NO_STORE });
    }
    const options = { ...rest, direction: opposite(shownDirection) };
    const link = queryShareLink(PAGE_PATH, shown.output, optionParams(options, DEFAULT_URL_OPTIONS));
    return data(
      { input: shown.output, options, result: runUrlTool(shown.output, options), formError: null, link },
      { headers: NO_STORE },
    );
  }
  const options = { ...rest, direction: intent };
  const link = queryShareLink(PAGE_PATH, input, optionParams(options, DEFAULT_URL_OPTIONS));
  return data({ input, options, result: runUrlTool(value, options), formError: null, link }, { headers: NO_STORE });
});

/** A shared link's small input, computed on the server, so the link works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = readSharedParams(new URL(request.url).search);
  if (!params) return { shared: null };
  const options = readOptions(params);
  const input = params.get("input") ?? "";
  const submission = UrlToolSchema.safeParse({ ...options, intent: options.direction, input });
  const formError = submission.success ? null : submission.error.issues.map((issue) => issue.message).join(" ");
  const result = submission.success && input !== "" ? (await loadEngine()).runUrlTool(input, options) : null;
  const link = formError ? null : queryShareLink(PAGE_PATH, input, optionParams(options, DEFAULT_URL_OPTIONS));
  return data({ shared: { input: formError ? "" : input, options, result, formError, link } }, { headers: NO_STORE });
}

// A posted input comes back in the page: no cache may keep it.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

function opposite(direction: Direction): Direction {
  return direction === "encode" ? "decode" : "encode";
}

/** The options as posted or in a shared link (unknown values fall back to the defaults). */
function readOptions(fields: { get(name: string): FormDataEntryValue | null }): UrlToolOptions {
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = fields.get(name);
    return allowed.includes(value as T) ? (value as T) : fallback;
  };
  return {
    direction: pick("direction", DIRECTIONS, DEFAULT_URL_OPTIONS.direction),
    mode: pick("mode", ENCODE_MODES, DEFAULT_URL_OPTIONS.mode),
    plusAsSpace: fields.get("plusAsSpace") === "on",
    lineMode: fields.get("lineMode") === "on",
    lineEnding: pick("lineEnding", LINE_ENDINGS, DEFAULT_URL_OPTIONS.lineEnding),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "URL Decoder & Encoder",
    description:
      "Percent-encode and decode text and URLs: five encode modes, strict decoding with " +
      "positioned errors, double-encoding layers and a URL breakdown.",
  });

export default function UrlDecodeEncode() {
  const posted = useActionData<typeof action>();
  const { shared } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // A post shows what was posted; otherwise a shared link's input (in the query string) is on the page.
  const shown = posted ?? shared;
  const [options, setOptions] = useState<UrlToolOptions>(shown?.options ?? DEFAULT_URL_OPTIONS);
  const [result, setResult] = useState<UrlToolResult | null>(shown?.result ?? null);
  const [formError, setFormError] = useState<string | null>(shown?.formError ?? null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestRef = useRef(0);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  // A link with a large input carries it after "#", which never reaches the server: restore it here.
  useEffect(() => {
    if (!location.hash.includes("input=")) return;
    void loadShareLink().then(({ restoreFromFragment }) => {
      const restored = formRef.current && restoreFromFragment(formRef.current, location.hash, DEFAULT_URL_OPTIONS);
      if (!restored) return;
      setOptions(restored);
      void run(restored);
    });
    // Only a new fragment restores: options and run change with every edit.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [location.hash]);

  async function run(next: UrlToolOptions = options) {
    clearTimeout(timerRef.current);
    // Typing runs the tool too: a run begun before a click on Decode may finish after it, and must not win.
    const request = ++requestRef.current;
    const { runUrlTool: runHere } = await loadEngine();
    if (request !== requestRef.current) return;
    const input = inputRef.current?.value ?? "";
    setFormError(null);
    setResult(input === "" ? null : runHere(input, next));
  }

  async function copyLink() {
    return (await loadShareLink()).linkToCopy(formRef.current!, PAGE_PATH, DEFAULT_URL_OPTIONS, SHARE_NOTE_ID);
  }

  function changeOptions(change: Partial<UrlToolOptions>) {
    const next = { ...options, ...change };
    setOptions(next);
    if (hydrated) void run(next);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // With JavaScript nothing leaves the browser.
    event.preventDefault();
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    if (intent === "swap") {
      const { runUrlTool: runHere } = await loadEngine();
      const input = inputRef.current;
      const shown = input ? runHere(input.value, options) : null;
      if (!input || !shown?.ok) return run();
      input.value = shown.output;
      changeOptions({ direction: opposite(options.direction) });
      return;
    }
    changeOptions({ direction: intent === "decode" ? "decode" : "encode" });
  }

  const direction = options.direction;
  return (
    <section>
      <nav aria-label="Breadcrumb" className="mb-1 text-sm">
        <Link to="/tools">Developer tools</Link>
      </nav>
      <h1 className="page-title">URL Decoder &amp; Encoder</h1>
      <p className="mb-2 max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
        Percent-encode text or decode it strictly: a malformed sequence is reported with its position, never passed
        through.
      </p>
      <WhereInputGoes onServer="Your input is sent to the server only to be processed: it is never stored or logged." />
      {/* On a phone the column reads: the input, what is wrong with it, the actions, the output, the options. On a
          wide screen the output stands beside the input and the actions. */}
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        onSubmit={hydrated ? onSubmit : undefined}
        className="grid gap-4 lg:grid-cols-2"
      >
        <input type="hidden" name="direction" value={direction} />
        <div className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
          <div>
            <div className="mb-1 flex min-h-8 items-end justify-between gap-2">
              <label htmlFor="url-input" className="label mb-0">
                Input
              </label>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">up to {MAX_URL_INPUT_LABEL}</span>
            </div>
            <textarea
              ref={inputRef}
              id="url-input"
              name="input"
              defaultValue={shown?.input ?? ""}
              onInput={
                hydrated
                  ? () => {
                      clearTimeout(timerRef.current);
                      timerRef.current = setTimeout(() => void run(), 60);
                    }
                  : undefined
              }
              onFocus={hydrated ? () => void loadEngine() : undefined}
              rows={10}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              aria-invalid={formError || (result && result.errorCount > 0) ? true : undefined}
              className="input font-mono text-sm"
              placeholder="https://example.com/search?q=caf%C3%A9%20au%20lait"
            />
          </div>
          {formError || result?.inputError ? (
            <p role="alert" className="field-error">
              {formError ?? result?.inputError}
            </p>
          ) : null}
          {result && result.errorCount > 0 ? <UrlProblemsView result={result} direction={direction} /> : null}
        </div>

        <div className="flex flex-wrap items-center gap-2 lg:col-start-1 lg:row-start-2">
          <button
            type="submit"
            name="intent"
            value="encode"
            className={`btn ${direction === "encode" ? "btn-primary" : ""}`}
            aria-pressed={hydrated ? direction === "encode" : undefined}
          >
            Encode
          </button>
          <button
            type="submit"
            name="intent"
            value="decode"
            className={`btn ${direction === "decode" ? "btn-primary" : ""}`}
            aria-pressed={hydrated ? direction === "decode" : undefined}
          >
            Decode
          </button>
          {hydrated ? (
            <>
              <CopyButton label="Copy link" load={copyLink} />
              <span id={SHARE_NOTE_ID} aria-live="polite" className="text-xs text-zinc-600 dark:text-zinc-400" />
            </>
          ) : shown?.link ? (
            <a href={shown.link} className="text-sm">
              Link to this result
            </a>
          ) : null}
        </div>

        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="mb-1 flex min-h-8 items-end justify-between gap-2">
            <label htmlFor="url-output" className="label mb-0">
              {direction === "encode" ? "Encoded" : "Decoded"}
            </label>
            <div className="flex gap-2">
              {result?.ok ? <CopyButton value={result.output} label="Copy" /> : null}
              <button
                type="submit"
                name="intent"
                value="swap"
                className="btn min-h-8 px-2 py-1 text-xs"
                title="Move the output into the input and reverse the direction"
              >
                <ArrowLeftRightIcon aria-hidden="true" className={inlineIconClass} /> Swap
              </button>
            </div>
          </div>
          <textarea
            id="url-output"
            readOnly
            value={result?.ok ? result.output : ""}
            rows={10}
            spellCheck={false}
            className="input bg-zinc-50 font-mono text-sm dark:bg-zinc-950"
            placeholder="The result appears here."
          />
        </div>

        <UrlOptionsPanel options={options} onChange={changeOptions} />
      </form>

      <div className="mt-4 space-y-3">
        {result?.notes.map((note, index) => (
          <p key={index} className="text-sm text-zinc-800 dark:text-zinc-200">
            {note}
          </p>
        ))}
      </div>

      {result?.layers ? <UrlLayersView decoded={result.layers} /> : null}

      {result?.breakdown ? <UrlBreakdownView parts={result.breakdown.parts} of={result.breakdown.of} /> : null}
    </section>
  );
}
