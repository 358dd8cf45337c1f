// Site data entries (terms, privacy…): numbered versions per type, at most one current per type.
import { and, desc, eq, max, ne, sql } from "drizzle-orm";
import { changePublicContent } from "../content-changes";
import type { Database } from "../db/client";
import { siteData } from "../db/schema";
import { deleteAndHold } from "./deleted-records";
import { NotFoundError } from "./errors";
import {
  LEGAL_PAGE_MARKDOWN_OPTIONS,
  SITE_DATA_DEFAULT_TYPE,
  type SiteDataEntry,
  type SiteDataEntryInput,
} from "#shared/contract/site-data.ts";
import { renderMarkdown } from "#shared/markdown.ts";

type SiteDataRow = typeof siteData.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function toSiteDataEntry(row: SiteDataRow): SiteDataEntry {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a uuid is simply not found (never a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export async function listSiteData(db: Database): Promise<SiteDataEntry[]> {
  const rows = await db
    .select()
    .from(siteData)
    .orderBy(desc(siteData.createdAt), siteData.type, desc(siteData.versionNum));
  return rows.map(toSiteDataEntry);
}

/**
 * Version numbers and the one-current rule are decided per type; a transaction-scoped advisory lock per type
 * serialises the writers of that type (on PostgreSQL a plain read-then-write would race), in a fixed order so
 * that two writers touching two types cannot deadlock.
 */
async function lockTypes(tx: Tx, types: string[]): Promise<void> {
  for (const type of [...new Set(types)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_data:${type}`}))`);
  }
}

async function nextVersion(tx: Tx, type: string): Promise<number> {
  const [row] = await tx
    .select({ highest: max(siteData.versionNum) })
    .from(siteData)
    .where(eq(siteData.type, type));
  return (row?.highest ?? 0) + 1;
}

/** A new, empty, not-current entry with the next version number of its type. */
export async function createSiteData(db: Database, type = SITE_DATA_DEFAULT_TYPE): Promise<SiteDataEntry> {
  return db.transaction(async (tx) => {
    await lockTypes(tx, [type]);
    const [row] = await tx
      .insert(siteData)
      .values({ type, versionNum: await nextVersion(tx, type), markdown: "", ...renderedColumns(""), isCurrent: false })
      .returning();
    return toSiteDataEntry(row!);
  });
}

/** The markdown rendered for its public page, stored with it: rendering happens once per save, never per visitor. */
export function renderedColumns(markdown: string): Pick<SiteDataRow, "html" | "headings"> {
  const { html, headings } = renderMarkdown(markdown, LEGAL_PAGE_MARKDOWN_OPTIONS);
  return { html, headings };
}

/**
 * Saves an edit. Marking an entry current unmarks every other entry of its type in the same transaction;
 * moving an entry to another type gives it the next version number there.
 */
export async function updateSiteData(
  db: Database,
  id: string,
  input: Omit<SiteDataEntryInput, "id">,
): Promise<SiteDataEntry> {
  if (!isUuid(id)) throw new NotFoundError("Site data entry not found.");
  // Before the transaction, which should not wait on the CPU; the schema has bounded what rendering costs.
  const rendered = input.markdown === undefined ? {} : renderedColumns(input.markdown);
  // The current terms and privacy entries are public pages.
  return changePublicContent(db, ["site-data"], async (tx) => {
    const [before] = await tx.select().from(siteData).where(eq(siteData.id, id)).limit(1);
    if (!before) throw new NotFoundError("Site data entry not found.");
    await lockTypes(tx, [before.type, input.type]);
    // Read again under the lock: a concurrent save may have changed it while we waited.
    const [current] = await tx.select().from(siteData).where(eq(siteData.id, id)).limit(1).for("update");
    if (!current) throw new NotFoundError("Site data entry not found.");
    const typeChanged = current.type !== input.type;
    const isCurrent = input.is_current ?? (typeChanged ? false : current.isCurrent);
    if (isCurrent) {
      await tx
        .update(siteData)
        .set({ isCurrent: false, updatedAt: new Date() })
        .where(and(eq(siteData.type, input.type), eq(siteData.isCurrent, true), ne(siteData.id, id)));
    }
    const [row] = await tx
      .update(siteData)
      .set({
        type: input.type,
        versionNum: typeChanged ? await nextVersion(tx, input.type) : current.versionNum,
        markdown: input.markdown ?? current.markdown,
        ...rendered,
        isCurrent,
        updatedAt: new Date(),
      })
      .where(eq(siteData.id, id))
      .returning();
    return toSiteDataEntry(row!);
  });
}

/** Deletes an entry, kept for undo (server/services/deleted-records.ts); answers the hold's id. */
export async function deleteSiteData(db: Database, id: string, deletedBy: string): Promise<string> {
  if (!isUuid(id)) throw new NotFoundError("Site data entry not found.");
  return changePublicContent(db, ["site-data"], async (tx) => {
    const { holdId } = await deleteAndHold(tx, "site_data", id, deletedBy);
    if (!holdId) throw new NotFoundError("Site data entry not found.");
    return holdId;
  });
}
