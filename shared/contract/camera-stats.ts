// What GET /api/camera/stats answers: report counts by hardware level, capability, Android version, manufacturer,
// megapixels and sensor size, kept up to date as reports arrive (server/services/camera-reports/stats.ts).
import { z } from "zod";

const reports = z.number().int().nonnegative();

/** Reports of one group (an Android version, a manufacturer) and how many of them have each capability. */
const CameraStatsGroupSchema = z.object({
  name: z.string(),
  reports,
  /** Reports with some camera that has the capability, by capability name; a capability none has is left out. */
  capabilities: z.record(z.string(), reports),
});
export type CameraStatsGroup = z.infer<typeof CameraStatsGroupSchema>;

/** Reports whose figure lies in [from, to); to null: no upper bound. */
const CameraStatsBinSchema = z.object({
  label: z.string(),
  from: z.number(),
  to: z.number().nullable(),
  reports,
});
export type CameraStatsBin = z.infer<typeof CameraStatsBinSchema>;

export const CameraStatsSchema = z.object({
  total: reports,
  /** Reports by their best camera's hardware level, lowest first; level null: no camera said. */
  hardware_levels: z.array(z.object({ level: z.string().nullable(), reports })),
  /** Reports with some camera that has each documented capability, in the documented order. */
  capabilities: z.array(z.object({ capability: z.string(), reports })),
  /** Android versions by major number, oldest first (the most reported ones). */
  by_android: z.array(CameraStatsGroupSchema),
  /** The manufacturers with the most reports, most first, and how many manufacturers there are in all. */
  by_manufacturer: z.array(CameraStatsGroupSchema),
  manufacturers: reports,
  /** The most megapixels of any camera in a report. Reports without the figure are in no bin. */
  megapixels: z.array(CameraStatsBinSchema),
  /** The largest sensor of a report, by diagonal in mm, binned by the usual sensor types (1/2.55", 1"…). */
  sensor_sizes: z.array(CameraStatsBinSchema),
});
export type CameraStats = z.infer<typeof CameraStatsSchema>;
