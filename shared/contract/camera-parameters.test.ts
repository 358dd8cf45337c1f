// The list's URL parameters are named once (CAMERA_REPORT_PARAMETERS): what the serializer writes, the schema reads
// back to the same search, whatever the search.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CameraReportQuerySchema, normalizeCameraReportQuery } from "./camera";
import {
  CAMERA_REPORT_PARAMETER_NAMES,
  cameraReportSearchParams,
  HARDWARE_LEVELS,
  KNOWN_CAPABILITIES,
  LENS_FACINGS,
  REPORT_FEATURES,
  REPORT_SORTS,
  searchParamsToQueryInput,
  type CameraReportQuery,
} from "./camera-vocabulary";

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,18}[A-Za-z0-9]$/);
const orNull = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const subsetOf = <T>(values: readonly T[]) =>
  fc.subarray([...values]).map((chosen) => values.filter((value) => chosen.includes(value)));

const query: fc.Arbitrary<CameraReportQuery> = fc
  .record({
    q: fc.oneof(fc.constant(""), word),
    facing: orNull(fc.constantFrom(...LENS_FACINGS)),
    minLevel: orNull(fc.constantFrom(...HARDWARE_LEVELS)),
    caps: subsetOf(KNOWN_CAPABILITIES),
    manufacturers: fc.uniqueArray(word, { maxLength: 3 }).map((names) => names.sort()),
    model: fc.oneof(fc.constant(""), word),
    minSdk: orNull(fc.integer({ min: 1, max: 40 })),
    maxSdk: orNull(fc.integer({ min: 40, max: 99 })),
    minMegapixels: orNull(fc.integer({ min: 0, max: 200 })),
    features: subsetOf(REPORT_FEATURES),
    sort: fc.constantFrom(...REPORT_SORTS),
    dir: fc.constantFrom("asc" as const, "desc" as const),
    group: orNull(fc.constant("model" as const)),
    page: fc.integer({ min: 1, max: 100 }),
    size: fc.constantFrom(25, 50, 100),
  })
  .map((search) => ({ ...search, manufacturers: [...new Set(search.manufacturers)].sort() }));

describe("the list's URL parameters", () => {
  test("a search written as parameters reads back as the same search, with only the named parameters, in order", () => {
    fc.assert(
      fc.property(query, (search) => {
        const params = cameraReportSearchParams(search);
        const names = [...new Set(params.keys())];
        expect(names).toEqual(CAMERA_REPORT_PARAMETER_NAMES.filter((name) => names.includes(name)));
        const parsed = CameraReportQuerySchema.parse(searchParamsToQueryInput(params));
        expect(normalizeCameraReportQuery(parsed)).toEqual(search);
      }),
      { numRuns: 500 },
    );
  });
});
