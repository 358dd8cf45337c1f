// The list's search form: a GET form, so it works without JavaScript and the URL of a search can be shared.
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_DIRECTIONS,
  HARDWARE_LEVELS,
  isFilteredQuery,
  KNOWN_CAPABILITIES,
  LENS_FACINGS,
  MAX_MEGAPIXELS_FILTER,
  MAX_NAME_FILTER_LENGTH,
  MAX_SDK,
  MAX_SEARCH_LENGTH,
  MIN_SDK,
  REPORT_FEATURES,
  type CameraReportQuery,
} from "#shared/contract/camera-vocabulary.ts";
import { FEATURE_LABELS, facingLabel } from "#shared/camera.ts";
import { FieldErrors } from "../field";
import { capabilityLabel } from "./search-parts";

/** A manufacturer the filter offers, with its number of reports. */
export interface ManufacturerOption {
  name: string;
  count: number;
}

/** The messages of a repeatable parameter: zod names its items cap.0, cap.1. */
function errorsOf(errors: Record<string, string[]>, name: string): string[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    field === name || field.startsWith(`${name}.`) ? messages : [],
  );
}

export function ReportFilters({
  query,
  errors,
  manufacturers,
}: {
  query: CameraReportQuery;
  errors: Record<string, string[]>;
  manufacturers: ManufacturerOption[];
}) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === pathname;
  const activeCount =
    (query.facing ? 1 : 0) +
    (query.minLevel ? 1 : 0) +
    query.caps.length +
    query.manufacturers.length +
    (query.model ? 1 : 0) +
    (query.minSdk !== null ? 1 : 0) +
    (query.maxSdk !== null ? 1 : 0) +
    (query.minMegapixels !== null ? 1 : 0) +
    query.features.length;
  const hasFilters = activeCount > 0;
  const filtered = isFilteredQuery(query);
  const capErrors = errorsOf(errors, "cap");
  const featureErrors = errorsOf(errors, "feature");
  const manufacturerErrors = errorsOf(errors, "mfr");
  const listErrors = ["sort", "dir", "group", "page", "size"].flatMap((name) => errors[name] ?? []);
  const hasFilterErrors = Boolean(
    errors.facing ||
    errors.min_level ||
    errors.min_sdk ||
    errors.max_sdk ||
    errors.min_mp ||
    errors.model ||
    capErrors.length ||
    featureErrors.length ||
    manufacturerErrors.length,
  );
  // The select picks one manufacturer; more (from a shared URL) are kept as they are, each removable by its chip.
  const [chosenManufacturer = "", ...moreManufacturers] = query.manufacturers;
  const manufacturerOptions =
    chosenManufacturer && !manufacturers.some((option) => option.name === chosenManufacturer)
      ? [{ name: chosenManufacturer, count: 0 }, ...manufacturers]
      : manufacturers;
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
          Filters: manufacturer, Android version, megapixels, features, capabilities
          {activeCount ? ` (${activeCount} active)` : ""}
        </summary>
        <div className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="report-mfr" className="label">
                Manufacturer
              </label>
              <select
                id="report-mfr"
                name="mfr"
                defaultValue={chosenManufacturer}
                className="input"
                aria-invalid={manufacturerErrors.length ? true : undefined}
              >
                <option value="">Any manufacturer</option>
                {manufacturerOptions.map((option) => (
                  <option key={option.name} value={option.name.slice(0, MAX_NAME_FILTER_LENGTH)}>
                    {option.count ? `${option.name} (${option.count.toLocaleString("en-US")})` : option.name}
                  </option>
                ))}
              </select>
              <FieldErrors id="report-mfr-error" errors={manufacturerErrors.length ? manufacturerErrors : undefined} />
            </div>
            <div>
              <label htmlFor="report-min-mp" className="label">
                Best camera, at least (megapixels)
              </label>
              <input
                id="report-min-mp"
                type="number"
                name="min_mp"
                min={0}
                max={MAX_MEGAPIXELS_FILTER}
                step="any"
                inputMode="decimal"
                defaultValue={query.minMegapixels ?? ""}
                placeholder="e.g. 48"
                className="input"
                aria-invalid={errors.min_mp ? true : undefined}
              />
              <FieldErrors id="report-min-mp-error" errors={errors.min_mp} />
            </div>
            <div>
              <label htmlFor="report-min-sdk" className="label">
                Android API level from
              </label>
              <input
                id="report-min-sdk"
                type="number"
                name="min_sdk"
                min={MIN_SDK}
                max={MAX_SDK}
                inputMode="numeric"
                defaultValue={query.minSdk ?? ""}
                placeholder="e.g. 29 (Android 10)"
                className="input"
                aria-invalid={errors.min_sdk ? true : undefined}
              />
              <FieldErrors id="report-min-sdk-error" errors={errors.min_sdk} />
            </div>
            <div>
              <label htmlFor="report-max-sdk" className="label">
                Android API level up to
              </label>
              <input
                id="report-max-sdk"
                type="number"
                name="max_sdk"
                min={MIN_SDK}
                max={MAX_SDK}
                inputMode="numeric"
                defaultValue={query.maxSdk ?? ""}
                placeholder="e.g. 34 (Android 14)"
                className="input"
                aria-invalid={errors.max_sdk ? true : undefined}
              />
              <FieldErrors id="report-max-sdk-error" errors={errors.max_sdk} />
            </div>
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
            <legend className="label">Some camera can</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {REPORT_FEATURES.map((feature) => (
                <label key={feature} className="inline-flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="feature"
                    value={feature}
                    defaultChecked={query.features.includes(feature)}
                    className="size-4"
                  />
                  {FEATURE_LABELS[feature]}
                </label>
              ))}
            </div>
            <FieldErrors id="report-feature-error" errors={featureErrors.length ? featureErrors : undefined} />
          </fieldset>
          <fieldset>
            <legend className="label">Some camera has the capability</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {KNOWN_CAPABILITIES.map((cap) => (
                <label key={cap} className="inline-flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="cap"
                    value={cap}
                    defaultChecked={query.caps.includes(cap)}
                    className="size-4"
                  />
                  {capabilityLabel(cap)}
                </label>
              ))}
            </div>
            <FieldErrors id="report-cap-error" errors={capErrors.length ? capErrors : undefined} />
          </fieldset>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Hardware levels in order: LEGACY &lt; EXTERNAL &lt; LIMITED &lt; FULL &lt; LEVEL_3. A filter matches when
            any camera of the report matches it. The API level is the SDK number (Android 13 is 33, 14 is 34).
          </p>
        </div>
      </details>
      {/* What the form does not show is kept: the other manufacturers, the model, the order, the grouping and size. */}
      {moreManufacturers.map((manufacturer) => (
        <input key={manufacturer} type="hidden" name="mfr" value={manufacturer} />
      ))}
      {query.model ? <input type="hidden" name="model" value={query.model} /> : null}
      {query.sort !== "uploaded" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== DEFAULT_SORT_DIRECTIONS[query.sort] ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {query.group ? <input type="hidden" name="group" value={query.group} /> : null}
      {query.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="size" value={query.size} /> : null}
      {/* The order, grouping and paging have no field in the form: their messages are said here. */}
      {listErrors.length ? <FieldErrors id="report-page-error" errors={listErrors} /> : null}
    </Form>
  );
}
