// The public side of site data: the current terms and privacy entries, read-only. Editing site data is the
// admin site-data service's job; this module only reads the table.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { siteData } from "../db/schema";

export const LEGAL_PAGE_TYPES = ["terms", "privacy"] as const;
export type LegalPageType = (typeof LEGAL_PAGE_TYPES)[number];

export function isLegalPageType(value: string): value is LegalPageType {
  return (LEGAL_PAGE_TYPES as readonly string[]).includes(value);
}

/** The current entry of a type, in the shape of spec §3 "Site data entry". */
export interface CurrentSiteDataEntry {
  id: string;
  versionNum: number;
  type: string;
  markdown: string;
  is_current: boolean;
  created_at: string;
  updated_at: string;
}

export async function currentLegalEntry(db: Database, type: LegalPageType): Promise<CurrentSiteDataEntry | null> {
  const [row] = await db
    .select()
    .from(siteData)
    .where(and(eq(siteData.type, type), eq(siteData.isCurrent, true)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    versionNum: row.versionNum,
    type: row.type,
    markdown: row.markdown,
    is_current: row.isCurrent,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Changes whenever the entry does (another version made current, or the current one edited). */
export function legalEntryEtag(entry: CurrentSiteDataEntry | null): string {
  return entry ? `W/"${entry.id}-${Date.parse(entry.updated_at)}"` : 'W/"none"';
}
