// Wonder content: tags (unique slug, optional colour) and items (unique slug, markdown body, status, tags).
import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { wonderItems, wonderItemTags, wonderTags } from "../db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "./errors";
import {
  slugify,
  WONDER_PAGE_SIZE,
  type WonderItem,
  type WonderItemInput,
  type WonderItemPage,
  type WonderStatus,
  type WonderTag,
  type WonderTagInput,
} from "#shared/contract/wonder.ts";
import { isUuid } from "./site-data";

type TagRow = typeof wonderTags.$inferSelect;
type ItemRow = typeof wonderItems.$inferSelect;

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as
      { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === "23505") return (current.constraint ?? current.constraint_name ?? constraint) === constraint;
  }
  return false;
}

const slugTaken = (what: string) =>
  new ConflictError(`This slug is already used by another ${what}.`, [
    { field: "slug", message: `This slug is already used by another ${what}.` },
  ]);

function slugOrFail(explicit: string | undefined, from: string, field: string): string {
  const slug = explicit || slugify(from);
  if (!slug) {
    const message = `Enter a slug: the ${field} has no letters or digits to make one from.`;
    throw new InvalidInputError(message, [{ field: "slug", message }]);
  }
  return slug;
}

// ------------------------------------------------------------------ tags

function toTag(row: TagRow, itemCount = 0): WonderTag {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    created_at: row.createdAt.toISOString(),
    item_count: itemCount,
  };
}

export async function listWonderTags(db: Database): Promise<WonderTag[]> {
  const rows = await db
    .select({ tag: wonderTags, itemCount: count(wonderItemTags.itemId) })
    .from(wonderTags)
    .leftJoin(wonderItemTags, eq(wonderItemTags.tagId, wonderTags.id))
    .groupBy(wonderTags.id)
    .orderBy(asc(wonderTags.name));
  return rows.map(({ tag, itemCount }) => toTag(tag, itemCount));
}

export async function createWonderTag(db: Database, input: WonderTagInput): Promise<WonderTag> {
  const slug = slugOrFail(input.slug, input.name, "name");
  try {
    const [row] = await db
      .insert(wonderTags)
      .values({ name: input.name, slug, color: input.color ?? null })
      .returning();
    return toTag(row!);
  } catch (error) {
    if (isUniqueViolation(error, "wonder_tags_slug_key")) throw slugTaken("tag");
    throw error;
  }
}

export async function updateWonderTag(db: Database, id: string, input: WonderTagInput): Promise<WonderTag> {
  if (!isUuid(id)) throw new NotFoundError("Tag not found.");
  const slug = slugOrFail(input.slug, input.name, "name");
  try {
    const [row] = await db
      .update(wonderTags)
      .set({ name: input.name, slug, color: input.color ?? null })
      .where(eq(wonderTags.id, id))
      .returning();
    if (!row) throw new NotFoundError("Tag not found.");
    return toTag(row);
  } catch (error) {
    if (isUniqueViolation(error, "wonder_tags_slug_key")) throw slugTaken("tag");
    throw error;
  }
}

/** Items keep working: only their link to the tag goes (ON DELETE CASCADE on the link table). */
export async function deleteWonderTag(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError("Tag not found.");
  const deleted = await db.delete(wonderTags).where(eq(wonderTags.id, id)).returning({ id: wonderTags.id });
  if (deleted.length === 0) throw new NotFoundError("Tag not found.");
}

// ------------------------------------------------------------------ items

async function tagsOfItems(db: Database, itemIds: string[]): Promise<Map<string, WonderItem["tags"]>> {
  const byItem = new Map<string, WonderItem["tags"]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      itemId: wonderItemTags.itemId,
      id: wonderTags.id,
      name: wonderTags.name,
      slug: wonderTags.slug,
      color: wonderTags.color,
    })
    .from(wonderItemTags)
    .innerJoin(wonderTags, eq(wonderTags.id, wonderItemTags.tagId))
    .where(inArray(wonderItemTags.itemId, itemIds))
    .orderBy(asc(wonderTags.name));
  for (const { itemId, ...tag } of rows) {
    const list = byItem.get(itemId) ?? [];
    list.push(tag);
    byItem.set(itemId, list);
  }
  return byItem;
}

function toItem(row: ItemRow, tags: WonderItem["tags"] = []): WonderItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body_markdown: row.bodyMarkdown,
    image_url: row.imageUrl,
    status: row.status as WonderStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tags,
  };
}

export async function listWonderItems(
  db: Database,
  query: { tag?: string; status?: WonderStatus; page: number; pageSize?: number },
): Promise<WonderItemPage> {
  const pageSize = query.pageSize ?? WONDER_PAGE_SIZE;
  const conditions = [];
  if (query.status) conditions.push(eq(wonderItems.status, query.status));
  if (query.tag) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(wonderItemTags)
          .innerJoin(wonderTags, eq(wonderTags.id, wonderItemTags.tagId))
          .where(and(eq(wonderItemTags.itemId, wonderItems.id), eq(wonderTags.slug, query.tag))),
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(wonderItems).where(where);
  const rows = await db
    .select()
    .from(wonderItems)
    .where(where)
    .orderBy(desc(wonderItems.createdAt), desc(wonderItems.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const tags = await tagsOfItems(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toItem(row, tags.get(row.id))),
    total: totals?.total ?? 0,
    page: query.page,
    page_size: pageSize,
  };
}

export async function getWonderItem(db: Database, id: string): Promise<WonderItem | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(wonderItems).where(eq(wonderItems.id, id)).limit(1);
  if (!row) return null;
  const tags = await tagsOfItems(db, [row.id]);
  return toItem(row, tags.get(row.id));
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function setItemTags(tx: Tx, itemId: string, tagIds: string[]): Promise<void> {
  const wanted = [...new Set(tagIds)];
  if (wanted.length) {
    const found = await tx.select({ id: wonderTags.id }).from(wonderTags).where(inArray(wonderTags.id, wanted));
    if (found.length !== wanted.length) {
      throw new InvalidInputError("One of the tags no longer exists; reload and pick again.", [
        { field: "tag_ids", message: "One of the tags no longer exists." },
      ]);
    }
  }
  await tx.delete(wonderItemTags).where(eq(wonderItemTags.itemId, itemId));
  if (wanted.length) await tx.insert(wonderItemTags).values(wanted.map((tagId) => ({ itemId, tagId })));
}

function itemValues(input: WonderItemInput) {
  return {
    title: input.title,
    slug: slugOrFail(input.slug, input.title, "title"),
    summary: input.summary ?? "",
    bodyMarkdown: input.body_markdown ?? "",
    imageUrl: input.image_url || null,
    status: input.status,
  };
}

export async function createWonderItem(db: Database, input: WonderItemInput): Promise<WonderItem> {
  const values = itemValues(input);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(wonderItems).values(values).returning({ id: wonderItems.id });
      await setItemTags(tx, row!.id, input.tag_ids);
      return row!.id;
    });
    return (await getWonderItem(db, id))!;
  } catch (error) {
    if (isUniqueViolation(error, "wonder_items_slug_key")) throw slugTaken("item");
    throw error;
  }
}

export async function updateWonderItem(db: Database, id: string, input: WonderItemInput): Promise<WonderItem> {
  if (!isUuid(id)) throw new NotFoundError("Item not found.");
  const values = itemValues(input);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(wonderItems)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(wonderItems.id, id))
        .returning({ id: wonderItems.id });
      if (!row) throw new NotFoundError("Item not found.");
      await setItemTags(tx, id, input.tag_ids);
    });
  } catch (error) {
    if (isUniqueViolation(error, "wonder_items_slug_key")) throw slugTaken("item");
    throw error;
  }
  return (await getWonderItem(db, id))!;
}

export async function deleteWonderItem(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError("Item not found.");
  const deleted = await db.delete(wonderItems).where(eq(wonderItems.id, id)).returning({ id: wonderItems.id });
  if (deleted.length === 0) throw new NotFoundError("Item not found.");
}
