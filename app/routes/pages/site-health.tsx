// /site/health2: is the site up? The web tier (this page rendering), /api (asked through the one API client,
// round trip measured) and the database (the query latency /api measured), with versions and uptimes.
// The page answers 503 when something is down, so a monitor can watch it too.
import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/site-health";
import { Time } from "#app/components/time.tsx";
import { apiRequest } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import type { Health } from "#shared/contract/system.ts";
import { webTierInfo } from "./site-health.server";

const API_TIMEOUT_MS = 5_000;
const REFRESH_MS = 15_000;

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function loader({ context }: Route.LoaderArgs) {
  const web = webTierInfo();
  const started = performance.now();
  const result = await apiRequest<Health>(context, "/health", { token: null, timeoutMs: API_TIMEOUT_MS });
  const roundTripMs = round(performance.now() - started);
  // A 503 from /api itself still means /api answered (it is the database that does not); a 503 the client made
  // up (timeout, connection refused) has no JSON body.
  const apiAnswered = result.ok || (result.headers.get("content-type") ?? "").includes("json");
  const health = result.ok ? result.data : null;
  const api = {
    ok: apiAnswered,
    httpStatus: apiAnswered ? result.status : null,
    roundTripMs: apiAnswered ? roundTripMs : null,
    version: health?.version ?? null,
    uptimeSeconds: health?.uptime_s ?? null,
    startedAt: health?.started_at ?? null,
    error: apiAnswered ? null : result.ok ? null : result.error.detail,
  };
  const database = {
    ok: health ? health.database.ok : apiAnswered ? false : null,
    latencyMs: health?.database.latency_ms ?? null,
    error: health
      ? health.database.error
      : apiAnswered && !result.ok
        ? result.error.detail
        : "Unknown: /api did not answer.",
  };
  const healthy = api.ok && database.ok === true;
  return data(
    { checkedAt: new Date().toISOString(), healthy, web, api, database },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Site health",
    description: "Whether the web tier, the API and the database answer right now.",
    noIndex: true,
  });

export default function SiteHealth({ loaderData }: Route.ComponentProps) {
  const { checkedAt, healthy, web, api, database } = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="page-title">Site health</h1>
      <p
        role="status"
        className={`mb-6 rounded-md border px-4 py-3 font-semibold ${
          healthy
            ? "border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-300"
            : "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300"
        }`}
      >
        {healthy ? "All systems operational." : "Something is wrong: see below."}
      </p>
      <ul className="space-y-3">
        <Component name="Web tier" ok={true}>
          Version {web.version} · up {formatDuration(web.uptimeSeconds)} · started <Time value={web.startedAt} />
        </Component>
        <Component name="API (/api)" ok={api.ok}>
          {api.ok ? (
            <>
              Answered in {api.roundTripMs} ms (HTTP {api.httpStatus})
              {api.version ? <> · version {api.version}</> : null}
              {api.uptimeSeconds !== null ? <> · up {formatDuration(api.uptimeSeconds)}</> : null}
              {api.startedAt ? (
                <>
                  {" "}
                  · started <Time value={api.startedAt} />
                </>
              ) : null}
            </>
          ) : (
            <>Did not answer: {api.error}</>
          )}
        </Component>
        <Component name="Database" ok={database.ok}>
          {database.ok ? <>Query answered in {database.latencyMs} ms</> : <>{database.error}</>}
        </Component>
      </ul>
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        Checked at <time dateTime={checkedAt}>{checkedAt.slice(11, 19)} UTC</time>; with JavaScript this page checks
        again every {REFRESH_MS / 1000} seconds. <a href="/site/health2">Check again</a>
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        For monitors: <a href="/api/health">/api/health</a> (JSON, 200 or 503)
        {", "}
        <a href="/api/version">/api/version</a>, <a href="/healthz/live">/healthz/live</a> and{" "}
        <a href="/healthz/ready">/healthz/ready</a> (503 while the database is unreachable).
      </p>
    </section>
  );
}

function Component({ name, ok, children }: { name: string; ok: boolean | null; children: React.ReactNode }) {
  const label = ok === null ? "Unknown" : ok ? "OK" : "Down";
  // White on green-700 is 4.9:1 and on red-700 6.4:1, in either theme (green-600 would be 3.2:1).
  const colour =
    ok === null
      ? "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
      : ok
        ? "bg-green-700 text-white"
        : "bg-red-700 text-white";
  return (
    <li className="card flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <span className={`inline-flex min-w-16 justify-center rounded-full px-2 py-0.5 text-sm font-bold ${colour}`}>
        {label}
      </span>
      <span className="font-semibold">{name}</span>
      <span className="text-sm text-zinc-700 dark:text-zinc-300">{children}</span>
    </li>
  );
}

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
