// Each part of a report search with its label and the search without it: the chips above the results and the
// empty result's offers to widen the search are links to those searches.
import { cameraReportSearchParams, type CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import { CAPABILITY_LABELS, FEATURE_LABELS, facingLabel } from "#shared/camera.ts";

export interface SearchPart {
  label: string;
  without: CameraReportQuery;
}

/** A readable name of an upper-case Camera2 name: "DEPTH_OUTPUT" → "Depth output". */
export function capabilityLabel(capability: string): string {
  const known = CAPABILITY_LABELS[capability];
  if (known) return known;
  const words = capability.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function searchParts(query: CameraReportQuery): SearchPart[] {
  // Removing a filter shows the first page of the wider search.
  const base = { ...query, page: 1 };
  const parts: SearchPart[] = [];
  if (query.q) parts.push({ label: `search "${query.q}"`, without: { ...base, q: "" } });
  for (const manufacturer of query.manufacturers) {
    parts.push({
      label: `manufacturer ${manufacturer}`,
      without: { ...base, manufacturers: query.manufacturers.filter((each) => each !== manufacturer) },
    });
  }
  if (query.model) parts.push({ label: `model ${query.model}`, without: { ...base, model: "" } });
  if (query.facing) {
    parts.push({ label: `facing ${facingLabel(query.facing)}`, without: { ...base, facing: null } });
  }
  if (query.minLevel) {
    parts.push({ label: `level at least ${query.minLevel}`, without: { ...base, minLevel: null } });
  }
  if (query.minSdk !== null) parts.push({ label: `SDK ${query.minSdk} or later`, without: { ...base, minSdk: null } });
  if (query.maxSdk !== null) {
    parts.push({ label: `SDK ${query.maxSdk} or earlier`, without: { ...base, maxSdk: null } });
  }
  if (query.minMegapixels !== null) {
    parts.push({ label: `at least ${query.minMegapixels} MP`, without: { ...base, minMegapixels: null } });
  }
  for (const feature of query.features) {
    parts.push({
      label: FEATURE_LABELS[feature],
      without: { ...base, features: query.features.filter((each) => each !== feature) },
    });
  }
  for (const cap of query.caps) {
    parts.push({ label: capabilityLabel(cap), without: { ...base, caps: query.caps.filter((each) => each !== cap) } });
  }
  return parts;
}

/** The page's URL for a search. */
export function searchHref(pathname: string, query: Partial<CameraReportQuery>): string {
  const search = cameraReportSearchParams(query).toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}
