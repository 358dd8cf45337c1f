// The client for the image-generation host: x-api-key, no cookies, a timeout, no redirects, a cap on
// the answer's size, and every failure as a ServiceError with a message that says what went wrong. Echo data goes to
// the host and comes back from it as JSON text, never parsed and printed again (JsonText).
import { inArray } from "drizzle-orm";
import { z } from "zod";
import {
  FLUX_FORM_NAME,
  FLUX_HISTORY_LIMIT,
  type FluxRequest,
  type ImageGenConfig,
  type ImageJob,
} from "#shared/contract/flux.ts";
import {
  InvalidInputError,
  NotFoundError,
  RefusedInputError,
  ServiceError,
  UpstreamError,
  UpstreamTimeoutError,
} from "./errors";
import { config } from "../config";
import type { Database } from "../db/client";
import { siteVars } from "../db/schema";
import { hmacDigest } from "../lib/crypto";
import { checkJsonLimits } from "#shared/json-limits.ts";
import { jsonTextsAt, withStringMembers } from "#shared/stored-json.ts";
import { JsonText, stringifyWithJsonText } from "../lib/json-text";
import { OutboundRefusedError, outboundFetch } from "../lib/outbound";
import { siteVarValue, type StoredSiteVarValue } from "./secret-site-vars";

export const IMAGE_HOST_MOUNT = "/image-host";
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

export interface ImageHostTarget {
  host: string;
  apiKey: string;
  timeoutMs?: number;
  /** The request's field the host was typed in: a host the outbound policy refuses is then that field's error. */
  hostField?: string;
}

/** The key of the shipped host when IMAGE_HOST_API_KEY is unset: derived from the site's encryption key. */
export function builtinImageHostKey(): string {
  return config.integrations.imageHost.apiKey ?? hmacDigest("image-host:builtin-api-key").slice(0, 43);
}

/** The shipped host, reached over loopback at this server's own port. */
function builtinImageHostUrl(): string {
  return config.integrations.imageHost.url ?? `http://127.0.0.1:${config.port}${IMAGE_HOST_MOUNT}`;
}

function siteVarString(value: StoredSiteVarValue): string | undefined {
  const val = siteVarValue(value);
  return typeof val === "string" && val.trim() ? val.trim() : undefined;
}

/** GET /v1/admin/img_gen/config: site vars img_gen_host / img_gen_api_key, else the shipped host. */
export async function imageGenConfig(db: Database): Promise<ImageGenConfig> {
  const rows = await db
    .select({ key: siteVars.namedKey, value: siteVars.valObjectJson })
    .from(siteVars)
    .where(inArray(siteVars.namedKey, ["img_gen_host", "img_gen_api_key"]));
  const vars = new Map(rows.map((row) => [row.key, siteVarString(row.value)]));
  return {
    host: vars.get("img_gen_host") ?? builtinImageHostUrl(),
    api_key: vars.get("img_gen_api_key") ?? builtinImageHostKey(),
  };
}

const JobSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    prompt: z.string().catch(""),
    image_url: z.string().catch(""),
    width: z.number().catch(0),
    height: z.number().catch(0),
    echo_data: z
      .record(z.string(), z.unknown())
      .nullish()
      .catch({})
      .transform((value) => value ?? {}),
    created_at: z.string().nullish().catch(null),
    ai_model_id: z.string().nullish().catch(null),
  })
  .transform((job) => ({ ...job, image_url: safeImageUrl(job.image_url) }));

/** A job as the host answered it, its echo data as the host wrote it: send it with jsonWithStoredText. */
export type HostImageJob = Omit<ImageJob, "echo_data"> & { echo_data: JsonText };

/** The host's answer: its value, and its text, where echo data is read as written. */
interface HostAnswer {
  value: unknown;
  text: string;
}

/** Only images a page may show: http(s) URLs and raster or SVG data URLs (an <img> never runs SVG scripts). */
function safeImageUrl(url: string): string {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[a-z0-9+/=]+$/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : "";
  } catch {
    return "";
  }
}

const LIST_MEMBERS = ["result_list", "jobs", "history"] as const;

function jobsOf({ value: body, text }: HostAnswer): HostImageJob[] {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const member = record ? LIST_MEMBERS.find((name) => record[name] !== undefined && record[name] !== null) : undefined;
  const list = Array.isArray(body) ? body : member ? record![member] : undefined;
  if (!Array.isArray(list)) throw new UpstreamError("The image host answered without a list of jobs.");
  // Each item's echo data as the answer writes it, lined up with the items.
  const echoTexts = jsonTextsAt(text, member ? [member, "*", "echo_data"] : ["*", "echo_data"]);
  const jobs: HostImageJob[] = [];
  list.forEach((entry, index) => {
    const parsed = JobSchema.safeParse(entry);
    if (!parsed.success) return;
    const echoText = echoTexts[index];
    const isObject = echoText !== undefined && Object.keys(parsed.data.echo_data).length > 0;
    jobs.push({ ...parsed.data, echo_data: new JsonText(isObject ? echoText : "{}") });
  });
  return jobs;
}

function endpoint(host: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(host.endsWith("/") ? host : `${host}/`);
  } catch {
    throw new InvalidInputError("The image host is not a valid URL.", [
      { field: "host", message: "Host must be an http:// or https:// URL." },
    ]);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new InvalidInputError("The image host must be an http:// or https:// URL.", [
      { field: "host", message: "Host must be an http:// or https:// URL." },
    ]);
  }
  return new URL(path.replace(/^\//, ""), base);
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > MAX_ANSWER_BYTES) throw new UpstreamError("The image host's answer is larger than 20 MiB.");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new UpstreamError("The image host's answer is larger than 20 MiB.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Calls the image host. `notFound` is this site's answer when the host says 404 (an unknown job is the caller's
 * mistake, not the host's failure); without it a 404 is a 502 like any other refusal.
 */
async function callHost(
  target: ImageHostTarget,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  notFound?: string,
): Promise<HostAnswer> {
  const url = endpoint(target.host, path);
  const timeoutMs = target.timeoutMs ?? config.integrations.imageHost.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  let response: Response;
  try {
    const headers: Record<string, string> = { "x-api-key": target.apiKey, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    // No cookies (none are ever sent) and no redirects followed (outboundFetch never follows one), so the key
    // goes nowhere else; the destination is checked and pinned against internal addresses.
    response = await outboundFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : stringifyWithJsonText(body),
      signal,
    });
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (signal.aborted || (error instanceof Error && error.name === "TimeoutError")) {
      throw new UpstreamTimeoutError(`The image host did not answer within ${timeoutMs / 1000} s.`);
    }
    if (error instanceof OutboundRefusedError) {
      const message = `The image host is not called: ${error.message}`;
      // Typed in this request, the host is the administrator's mistake to correct, not an outside failure.
      if (target.hostField) throw new RefusedInputError(message, [{ field: target.hostField, message }]);
      throw new UpstreamError(message);
    }
    // One message for every connection-level failure (refused, reset, unknown name), so the answer does not
    // tell which ports of a host are open.
    throw new UpstreamError(`The image host at ${url.origin} could not be reached.`);
  }
  // The host's answer is bounded like any JSON arriving here: its value is walked recursively later.
  const tooDeep = text ? checkJsonLimits(text, "The image host's answer") : null;
  if (tooDeep) throw new UpstreamError(tooDeep.message);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  // The host's own words stay out of the answer: whatever it says (an internal error text) is not this site's to show.
  if (response.status >= 300) {
    if (response.status === 401 || response.status === 403)
      throw new UpstreamError("The image host refused the API key.");
    if (response.status === 404 && notFound) throw new NotFoundError(notFound);
    throw new UpstreamError(`The image host answered HTTP ${response.status}.`);
  }
  if (text && parsed === undefined) throw new UpstreamError("The image host answered with something that is not JSON.");
  return { value: parsed, text };
}

/**
 * POST {host}/model/flux; echo_data carries requestor_id and requestor_type, both the form name, and is sent as its
 * text (FluxRequest's, or `echoText`: an /api body's echo data as written there).
 */
export async function generateImages(
  target: ImageHostTarget,
  request: FluxRequest,
  echoText = request.echo_data,
): Promise<HostImageJob[]> {
  const payload = {
    prompt: request.prompt.length === 1 ? request.prompt[0] : request.prompt,
    steps: request.steps,
    width: request.width,
    height: request.height,
    ai_model_id: request.ai_model_id,
    input_img_id: request.input_img_id || null,
    echo_data: new JsonText(
      withStringMembers(echoText, { requestor_id: FLUX_FORM_NAME, requestor_type: FLUX_FORM_NAME }),
    ),
  };
  return jobsOf(await callHost(target, "POST", "/model/flux", payload));
}

export async function jobHistory(target: ImageHostTarget, requestorId?: string): Promise<HostImageJob[]> {
  const path = requestorId
    ? `/history/requestor/${encodeURIComponent(requestorId)}?limit=${FLUX_HISTORY_LIMIT}`
    : `/history?limit=${FLUX_HISTORY_LIMIT}`;
  return jobsOf(await callHost(target, "GET", path));
}

/**
 * DELETE {host}/job/{id}; the hold that undoes it when the host is the shipped one, which keeps deleted jobs in the
 * site's database (server/services/deleted-records.ts); null from any other host.
 */
export async function deleteJob(target: ImageHostTarget, jobId: string): Promise<string | null> {
  const answer = await callHost(
    target,
    "DELETE",
    `/job/${encodeURIComponent(jobId)}`,
    undefined,
    "The image host has no such job.",
  );
  const held = z.object({ hold_id: z.uuid() }).safeParse(answer.value);
  return held.success ? held.data.hold_id : null;
}
