// The list's search form: a GET form, so it works without JavaScript and the URL of a search can be shared.
import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  DEFAULT_PAGE_SIZE,
  FILTER_CAPABILITIES,
  HARDWARE_LEVELS,
  LENS_FACINGS,
  MAX_SEARCH_LENGTH,
  type CameraReportQuery,
} from "../../../shared/contract/camera-vocabulary";
import { CAPABILITY_LABELS, facingLabel } from "../../../shared/camera";
import { FieldErrors } from "../field";

export function ReportFilters({
  query,
  errors,
}: {
  query: Pick<CameraReportQuery, "q" | "facing" | "minLevel" | "caps" | "size">;
  errors: Record<string, string[]>;
}) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === pathname;
  const activeCount = (query.facing ? 1 : 0) + (query.minLevel ? 1 : 0) + query.caps.length;
  const hasFilters = activeCount > 0;
  const filtered = Boolean(query.q) || hasFilters;
  const capErrors = Object.entries(errors).flatMap(([field, messages]) => (field.startsWith("cap") ? messages : []));
  const hasFilterErrors = Boolean(errors.facing || errors.min_level || capErrors.length);
  return (
    // Keyed by the search: a back/forward navigation shows that search's values, not the last typed ones.
    <Form
      key={search}
      method="get"
      action={pathname}
      role="search"
      aria-label="Search reports"
      className="card space-y-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="report-q" className="label">
            Manufacturer or model
          </label>
          <input
            id="report-q"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="e.g. pixel 7, samsung, SM-S918"
            className="input"
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? "report-q-error" : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
        {filtered ? (
          <Link to={pathname} className="btn">
            Clear
          </Link>
        ) : null}
      </div>
      <FieldErrors id="report-q-error" errors={errors.q} />
      {/* Closed until used, so that on a phone the reports come first; a <details> needs no JavaScript. */}
      <details open={hasFilters || hasFilterErrors} className="group">
        <summary className="cursor-pointer text-sm font-medium text-zinc-800 select-none dark:text-zinc-200">
          Filters: camera facing, hardware level, capabilities{activeCount ? ` (${activeCount} active)` : ""}
        </summary>
        <div className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="report-facing" className="label">
                Has a camera facing
              </label>
              <select
                id="report-facing"
                name="facing"
                defaultValue={query.facing ?? ""}
                className="input"
                aria-invalid={errors.facing ? true : undefined}
              >
                <option value="">Any direction</option>
                {LENS_FACINGS.map((facing) => (
                  <option key={facing} value={facing}>
                    {facingLabel(facing)}
                  </option>
                ))}
              </select>
              <FieldErrors id="report-facing-error" errors={errors.facing} />
            </div>
            <div>
              <label htmlFor="report-min-level" className="label">
                Best hardware level
              </label>
              <select
                id="report-min-level"
                name="min_level"
                defaultValue={query.minLevel ?? ""}
                className="input"
                aria-invalid={errors.min_level ? true : undefined}
              >
                <option value="">Any level</option>
                {HARDWARE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {`At least ${level}`}
                  </option>
                ))}
              </select>
              <FieldErrors id="report-min-level-error" errors={errors.min_level} />
            </div>
          </div>
          <fieldset>
            <legend className="label">Some camera has</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {FILTER_CAPABILITIES.map((cap) => (
                <label key={cap} className="inline-flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="cap"
                    value={cap}
                    defaultChecked={query.caps.includes(cap)}
                    className="size-4"
                  />
                  {CAPABILITY_LABELS[cap] ?? cap}
                </label>
              ))}
            </div>
            <FieldErrors id="report-cap-error" errors={capErrors.length ? capErrors : undefined} />
          </fieldset>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Hardware levels in order: LEGACY &lt; EXTERNAL &lt; LIMITED &lt; FULL &lt; LEVEL_3. A filter matches when
            any camera of the report matches it.
          </p>
        </div>
      </details>
      {query.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="size" value={query.size} /> : null}
      {errors.page || errors.size ? (
        <FieldErrors id="report-page-error" errors={[...(errors.page ?? []), ...(errors.size ?? [])]} />
      ) : null}
    </Form>
  );
}
