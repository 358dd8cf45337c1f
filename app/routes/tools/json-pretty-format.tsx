// JSON pretty formatter. Without JavaScript the form posts and the server formats; with
// JavaScript the browser formats as you type (large inputs in a Web Worker). The input is never stored or logged,
// and put in a URL only when the visitor asks for a link to it; an answer that shows an input is not cached.
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { createContext, data, useActionData, useLoaderData, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/json-pretty-format";
import { JsonOptionsFieldset } from "#app/components/tools/json-options.tsx";
import { JsonOutputBox, JsonTreeDetails } from "#app/components/tools/json-output.tsx";
import type { JsonResultInPage } from "#app/tools/json/worker-client.ts";
import { JsonReportView } from "#app/components/tools/json-report.tsx";
import { JsonSyntaxErrorView } from "#app/components/tools/json-syntax-error.tsx";
import { CopyButton } from "#app/components/copy-button.tsx";
import { JsonFormatSchema } from "#shared/contract/tools.ts";
import {
  DEFAULT_JSON_OPTIONS,
  JSON_INDENTS,
  MAX_JSON_INPUT_BYTES,
  MAX_JSON_INPUT_LABEL,
  WORKER_THRESHOLD_BYTES,
  tooLargeMessage,
  type JsonFormatOptions,
  type JsonIndent,
} from "#shared/tools/json/limits.ts";
import { formatByteSize, utf8ByteLength } from "#shared/tools/text-size.ts";
import { optionParams, queryShareLink, readSharedParams } from "#app/tools/share-link.ts";
import { OUTPUT_PREVIEW_CHARS } from "#shared/tools/json/output-preview.ts";
import { useEchoedText, echoText } from "#app/utils/echoed-text.tsx";
import { useHydrated } from "#app/utils/hydrated.ts";
import { WhereInputGoes } from "#app/components/tools/where-input-goes.tsx";
import type { HydrationHandle } from "#app/utils/hydration.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { declaredAction, formFields, fileField } from "#app/utils/form-fields.ts";
import { formatJsonOnServer } from "#app/tools/json/format-json.server.ts";

// The formatter runs in the browser (a worker, the tree view), so this page hydrates.
export const handle = { hydrate: true } satisfies HydrationHandle;

const NO_STORE = { "Cache-Control": "no-store" };
/** The engine is loaded on first use (the input gets focus), keeping it out of the page's initial JavaScript. */
const loadEngine = () => import("#shared/tools/json/engine.ts");
const DOWNLOAD_NAME = "formatted.json";
const JSON_MEDIA_TYPE = "application/json";
const INPUT_ID = "json-input";
/** Loaded when a link is asked for or opened. */
const loadShareLink = () => import("#app/tools/share-link.ts");
/** Where Copy link says where the input went. */
const SHARE_NOTE_ID = "share-link-note";
const PAGE_PATH = "/tools/json-pretty-format";

/** Formatted text the action wants sent as a file (the no-JavaScript Download button). */
const downloadContext = createContext<string | null>(null);

// An action's return value always becomes page data; a file answer is made here, around the page, instead.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const response = await next();
    const download = context.get(downloadContext);
    if (download === null || !(response instanceof Response)) return response;
    await response.body?.cancel();
    return new Response(download, {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${DOWNLOAD_NAME}"`,
      },
    });
  },
];

export const action = declaredAction(
  formFields(JsonFormatSchema, fileField("file")),
  async ({ request, context }: Route.ActionArgs) => {
    const formData = await request.formData();
    // A chosen file replaces the typed text; the page's body limit bounds it, the schema gives the input's limit.
    const file = formData.get("file");
    if (file instanceof File && file.size > 0) formData.set("input", await file.text());
    formData.delete("file");
    const submission = parseWithZod(formData, { schema: JsonFormatSchema });
    const postedInput = formData.get("input");
    const input = typeof postedInput === "string" ? postedInput : "";
    if (submission.status !== "success") {
      const fieldErrors = submission.error ?? {};
      const message = Object.values(fieldErrors).flat().filter(Boolean).join(" ") || "Check the form.";
      // Over the limit, sending the megabytes back would only make a huge page; the browser's Back button keeps them.
      const overLimit = utf8ByteLength(input.replace(/\r\n/g, "\n")) > MAX_JSON_INPUT_BYTES;
      const formError = overLimit
        ? `${message} The input was not sent back: use your browser's Back button to return to it.`
        : message;
      if (!overLimit) echoText(context, INPUT_ID, input);
      return data(
        { options: readOptions(formData), result: null, formError, link: null },
        { status: 400, headers: NO_STORE },
      );
    }
    const { intent, input: value, ...options } = submission.value;
    // A page shows the start of a long output (and would carry it twice: in the box and in the hydration data).
    const result = await formatJsonOnServer(
      value,
      options,
      intent === "download" ? {} : { previewChars: OUTPUT_PREVIEW_CHARS },
    );
    if (intent === "download" && result.ok) {
      context.set(downloadContext, result.output);
      return data({ options, result: null, formError: null, link: null }, { headers: NO_STORE });
    }
    echoText(context, INPUT_ID, value);
    const link = queryShareLink(PAGE_PATH, value, optionParams(options, DEFAULT_JSON_OPTIONS));
    return data(
      { options, result, formError: null, link },
      { status: intent === "download" ? 400 : 200, headers: NO_STORE },
    );
  },
);

/** A shared link's small input, formatted on the server, so the link works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = readSharedParams(new URL(request.url).search);
  if (!params) return { shared: null };
  const options = readOptions(params);
  const input = params.get("input") ?? "";
  const submission = JsonFormatSchema.safeParse({ ...options, input });
  const formError = submission.success ? null : submission.error.issues.map((issue) => issue.message).join(" ");
  const result =
    submission.success && input.trim() !== ""
      ? await formatJsonOnServer(submission.data.input, options, { previewChars: OUTPUT_PREVIEW_CHARS })
      : null;
  const link = formError ? null : queryShareLink(PAGE_PATH, input, optionParams(options, DEFAULT_JSON_OPTIONS));
  return data({ shared: { input: formError ? "" : input, options, result, formError, link } }, { headers: NO_STORE });
}

// A posted input comes back in the page: no cache may keep it.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/** The options as posted or in a shared link (unknown values fall back to the defaults). */
function readOptions(fields: { get(name: string): FormDataEntryValue | null }): JsonFormatOptions {
  const indent = fields.get("indent");
  return {
    indent: JSON_INDENTS.includes(indent as JsonIndent) ? (indent as JsonIndent) : DEFAULT_JSON_OPTIONS.indent,
    sortKeys: fields.get("sortKeys") === "on",
    jsonc: fields.get("jsonc") === "on",
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "JSON Pretty Formatter",
    description:
      "Format, validate and minify JSON without losing a digit: big numbers, key " +
      "order and unicode stay as written. Works without JavaScript.",
  });

export default function JsonPrettyFormat() {
  const posted = useActionData<typeof action>();
  const { shared } = useLoaderData<typeof loader>();
  const postedInput = useEchoedText(INPUT_ID);
  const hydrated = useHydrated();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // A post shows what was posted; otherwise a shared link's input (in the query string) is on the page.
  const shown = posted ?? shared;
  const initialInput = posted ? postedInput.defaultValue : (shared?.input ?? "");
  const [options, setOptions] = useState<JsonFormatOptions>(shown?.options ?? DEFAULT_JSON_OPTIONS);
  const [result, setResult] = useState<JsonResultInPage | null>(shown?.result ?? null);
  const [formError, setFormError] = useState<string | null>(shown?.formError ?? null);
  const [inputBytes, setInputBytes] = useState(() =>
    posted
      ? (posted.result?.inputBytes ?? utf8ByteLength(postedInput.text))
      : (shared?.result?.inputBytes ?? utf8ByteLength(initialInput)),
  );
  const [working, setWorking] = useState(false);
  const dropZoneRef = useRef<HTMLDivElement>(null);
  // Dropping is offered once its code has loaded; a file dropped before that would be ignored.
  const [canDrop, setCanDrop] = useState(false);
  const requestRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  // A link with a large input carries it after "#", which never reaches the server: restore it here.
  useEffect(() => {
    if (!location.hash.includes("input=")) return;
    void loadShareLink().then(({ restoreFromFragment }) => {
      const restored = formRef.current && restoreFromFragment(formRef.current, location.hash, DEFAULT_JSON_OPTIONS);
      if (!restored) return;
      setOptions(restored);
      void run(restored);
    });
    // Only a new fragment restores: options and run change with every edit.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [location.hash]);

  // A chosen or dropped file is read here; its text goes through the input's own handler.
  useEffect(() => {
    let stop: (() => void) | undefined;
    void import("#app/tools/json/file-opening.ts").then(({ enableFileOpening }) => {
      const zone = dropZoneRef.current;
      stop = zone
        ? enableFileOpening(zone, (bytes) => {
            ++requestRef.current;
            setWorking(false);
            setInputBytes(bytes);
            setResult({ ok: false, output: "", inputError: tooLargeMessage(bytes), inputBytes: bytes });
          })
        : undefined;
      setCanDrop(Boolean(zone));
    });
    return () => stop?.();
  }, []);

  /**
   * Formats the textarea's text now; large inputs go to the worker. Resolves with the result, or null when superseded.
   */
  async function run(nextOptions: JsonFormatOptions = options): Promise<JsonResultInPage | null> {
    clearTimeout(timerRef.current);
    const input = inputRef.current?.value ?? "";
    const request = ++requestRef.current;
    if (input.trim() === "") {
      setInputBytes(utf8ByteLength(input));
      setResult(null);
      setFormError(null);
      setWorking(false);
      return null;
    }
    // A large input is measured by the worker (it refuses one over the limit): counting megabytes here would be
    // the longest pause of the main thread. A string has at most as many UTF-16 units as UTF-8 bytes.
    const small = input.length <= WORKER_THRESHOLD_BYTES && utf8ByteLength(input) <= WORKER_THRESHOLD_BYTES;
    let next: JsonResultInPage | null;
    if (small) {
      next = (await loadEngine()).formatJson(input, nextOptions);
    } else {
      setWorking(true);
      // The worker's client is loaded with the first large input: most inputs never need it.
      next = await (await import("#app/tools/json/worker-client.ts")).formatInWorker(input, nextOptions);
    }
    if (request !== requestRef.current || !next) return null;
    setInputBytes(next.inputBytes);
    setWorking(false);
    setFormError(null);
    setResult(next);
    return next;
  }

  function scheduleRun() {
    clearTimeout(timerRef.current);
    const size = inputRef.current?.value.length ?? 0;
    timerRef.current = setTimeout(() => void run(), size > WORKER_THRESHOLD_BYTES ? 400 : 120);
  }

  async function copyLink() {
    return (await loadShareLink()).linkToCopy(formRef.current!, PAGE_PATH, DEFAULT_JSON_OPTIONS, SHARE_NOTE_ID);
  }

  function changeOptions(change: Partial<JsonFormatOptions>) {
    const next = { ...options, ...change };
    setOptions(next);
    if (hydrated) void run(next);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // With JavaScript nothing leaves the browser: format here, and download from memory.
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formatted = await run();
    if (submitter?.value !== "download" || !formatted?.ok) return;
    const { downloadBlob } = await import("#app/tools/download.ts");
    // A whole output kept in the worker is gone only if a newer input replaced it: that one is on screen instead.
    const whole = formatted.wholeOutput
      ? await formatted.wholeOutput.blob(JSON_MEDIA_TYPE).catch(() => null)
      : new Blob([formatted.output], { type: JSON_MEDIA_TYPE });
    if (whole) downloadBlob(DOWNLOAD_NAME, whole);
  }

  return (
    <section>
      <nav aria-label="Breadcrumb" className="mb-1 text-sm">
        <Link to="/tools">Developer tools</Link>
      </nav>
      <h1 className="page-title">JSON Pretty Formatter</h1>
      <p className="mb-2 max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
        Formats and checks JSON without changing a value: numbers keep every digit
        {" ("}
        <code>12345678901234567890</code>, <code>1.0</code>, <code>1e400</code>), keys keep their order, strings keep
        their escapes.
      </p>
      <WhereInputGoes onServer="Your input is sent to the server only to be formatted: it is never stored or logged." />
      {/* On a phone the column reads: the input, what is wrong with it, the actions, the output. On a wide screen
          the output stands beside the other three. */}
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        onSubmit={hydrated ? onSubmit : undefined}
        className="grid gap-4 lg:grid-cols-2"
      >
        <div ref={dropZoneRef} className="group min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
          <div>
            <div className="mb-1 flex min-h-8 items-end justify-between gap-2">
              <label htmlFor={INPUT_ID} className="label mb-0">
                JSON input
              </label>
              <span id="json-input-size" className="text-xs text-zinc-600 dark:text-zinc-400">
                {formatByteSize(inputBytes)} of {MAX_JSON_INPUT_LABEL}
              </span>
            </div>
            <textarea
              ref={inputRef}
              id={INPUT_ID}
              name="input"
              defaultValue={initialInput}
              onInput={hydrated ? scheduleRun : undefined}
              onFocus={hydrated ? () => void loadEngine() : undefined}
              rows={18}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              aria-describedby="json-input-size"
              aria-invalid={formError || result?.inputError || result?.syntaxError ? true : undefined}
              className={
                "input font-mono text-sm [tab-size:4] group-data-dragging:ring-2 group-data-dragging:ring-blue-500"
              }
              placeholder='{"paste": "your JSON here"}'
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <label htmlFor="json-file">Open a JSON file</label>
            <input
              id="json-file"
              type="file"
              name="file"
              accept=".json,.jsonc,.txt,application/json,text/plain"
              aria-describedby="json-file-note"
              className="max-w-full text-sm"
            />
            <span id="json-file-note" className="text-xs text-zinc-600 dark:text-zinc-400">
              {canDrop ? "or drop one on the box." : "A chosen file replaces the text in the box."}
            </span>
          </div>
          {working ? (
            <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
              Formatting…
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="field-error">
              {formError}
            </p>
          ) : null}
          {result?.inputError ? (
            <p role="alert" className="field-error">
              {result.inputError}
            </p>
          ) : null}
          {result?.syntaxError ? <JsonSyntaxErrorView error={result.syntaxError} /> : null}
        </div>

        <div className="space-y-3 lg:col-start-1 lg:row-start-2">
          <JsonOptionsFieldset options={options} onChange={changeOptions} />
          <div className="flex flex-wrap items-center gap-2">
            <button type="submit" name="intent" value="format" className="btn btn-primary">
              Format
            </button>
            <button type="submit" name="intent" value="download" className="btn">
              Download
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
        </div>

        <JsonOutputBox result={result} />
      </form>

      <JsonReportView result={result} jsoncAccepted={options.jsonc} />

      <JsonTreeDetails result={result} />
    </section>
  );
}
