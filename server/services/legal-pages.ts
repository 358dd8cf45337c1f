// The public side of site data: the current terms and privacy entries, read-only. Editing site data is the
// admin site-data service's job; this module only reads the table.
import { and, eq } from "drizzle-orm";
import type { LegalPageType, SiteDataEntry } from "../../shared/contract/site-data";
import type { Database } from "../db/client";
import { siteData } from "../db/schema";
import { toSiteDataEntry } from "./site-data";

export async function currentLegalEntry(db: Database, type: LegalPageType): Promise<SiteDataEntry | null> {
  const [row] = await db
    .select()
    .from(siteData)
    .where(and(eq(siteData.type, type), eq(siteData.isCurrent, true)))
    .limit(1);
  return row ? toSiteDataEntry(row) : null;
}

/** Changes whenever the entry does (another version made current, or the current one edited). */
export function legalEntryEtag(entry: SiteDataEntry | null): string {
  return entry ? `W/"${entry.id}-${Date.parse(entry.updated_at)}"` : 'W/"none"';
}
