// Site vars: typed settings kept as val_object_json: {val}, a json value as the text it was saved as, which the
// answers carry as it is (JsonText). The site reads a few of them publicly (site name, probe app store link);
// server code reads any of them with readSiteVar.
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { changePublicContent } from "../content-changes";
import type { Database } from "../db/client";
import { siteVars } from "../db/schema";
import { JsonText } from "../lib/json-text";
import { ConflictError, InvalidInputError, NotFoundError } from "./errors";
import {
  isSecretSiteVarKey,
  parseSiteVarValue,
  type SiteVar,
  type SiteVarInput,
  type SiteVarType,
} from "#shared/contract/site-vars.ts";
import { isSealed, siteVarValue, siteVarValueText, storedSiteVarValue } from "./secret-site-vars";

type SiteVarRow = typeof siteVars.$inferSelect;

/** Well-known keys. Keys starting with PUBLIC_SITE_VAR_PREFIX are public too, so an admin can add one without code. */
const SITE_VAR_KEYS = {
  siteName: "site_name",
  probeAppStoreLink: "probe_app_store_link",
  imageHost: "img_gen_host",
} as const;
const PUBLIC_SITE_VAR_KEYS: readonly string[] = [SITE_VAR_KEYS.siteName, SITE_VAR_KEYS.probeAppStoreLink];
const PUBLIC_SITE_VAR_PREFIX = "public_";

/** The value as answers send it: its JSON text as saved. */
function valueAsSaved(row: SiteVarRow): JsonText | null {
  const text = siteVarValueText(row.valObjectJson);
  return text === null ? null : new JsonText(text);
}

/** A var as lists show it: a secret one without its value. Send it with jsonWithStoredText. */
function toSiteVar(row: SiteVarRow): SiteVar {
  const secret = isSecretSiteVarKey(row.namedKey) || isSealed(row.valObjectJson);
  return {
    id: row.id,
    named_key: row.namedKey,
    val_type: row.valType as SiteVarType,
    val_object_json: { val: secret ? null : valueAsSaved(row) },
    created_at: row.createdAt.toISOString(),
    secret,
  };
}

export async function listSiteVars(db: Database): Promise<SiteVar[]> {
  const rows = await db.select().from(siteVars).orderBy(desc(siteVars.createdAt), desc(siteVars.id));
  return rows.map(toSiteVar);
}

/** The stored value of one var, or undefined when there is none. For server code (image host, mail…). */
export async function readSiteVar(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select().from(siteVars).where(eq(siteVars.namedKey, key)).limit(1);
  return row ? siteVarValue(row.valObjectJson) : undefined;
}

/** The vars anyone may read: {key: value}, each value as saved (send with jsonWithStoredText). */
export async function publicSiteVars(db: Database): Promise<Record<string, JsonText | null>> {
  const rows = await db
    .select()
    .from(siteVars)
    .where(
      or(
        inArray(siteVars.namedKey, [...PUBLIC_SITE_VAR_KEYS]),
        sql`starts_with(${siteVars.namedKey}, ${PUBLIC_SITE_VAR_PREFIX})`,
      ),
    );
  const open = rows.filter((row) => !isSecretSiteVarKey(row.namedKey) && !isSealed(row.valObjectJson));
  return Object.fromEntries(open.map((row) => [row.namedKey, valueAsSaved(row)]));
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505";
}

const keyTaken = () =>
  new ConflictError("This key already exists.", [{ field: "key", message: "This key already exists." }]);

/** Creates a var, or updates the one with input.id. Keys are unique. */
export async function saveSiteVar(db: Database, input: SiteVarInput): Promise<SiteVar> {
  const values = { namedKey: input.key, valType: input.sv_val_type, valObjectJson: await valueToStore(db, input) };
  try {
    // Any var may be public (or stop being public when its key changes): every save is a change of public content.
    return await changePublicContent(db, ["site-vars"], async (tx) => {
      if (input.id === undefined) {
        const [row] = await tx.insert(siteVars).values(values).returning();
        return toSiteVar(row!);
      }
      const [row] = await tx.update(siteVars).set(values).where(eq(siteVars.id, input.id)).returning();
      if (!row) throw new NotFoundError("Site var not found.");
      return toSiteVar(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
}

/** The value to store: sealed for a secret key; an edit of a secret var with an empty value keeps the saved one. */
async function valueToStore(db: Database, input: SiteVarInput): Promise<string> {
  if (input.sv_val === "" && input.id !== undefined && isSecretSiteVarKey(input.key)) {
    const [row] = await db
      .select({ value: siteVars.valObjectJson })
      .from(siteVars)
      .where(eq(siteVars.id, input.id))
      .limit(1);
    if (!row) throw new NotFoundError("Site var not found.");
    return storedSiteVarValue(input.key, siteVarValueText(row.value) ?? "null");
  }
  const parsed = parseSiteVarValue(input.sv_val_type, input.sv_val);
  if (!parsed.ok) throw new InvalidInputError(parsed.message, [{ field: "sv_val", message: parsed.message }]);
  return storedSiteVarValue(input.key, parsed.json);
}

export async function deleteSiteVar(db: Database, id: number): Promise<void> {
  await changePublicContent(db, ["site-vars"], async (tx) => {
    const deleted = await tx.delete(siteVars).where(eq(siteVars.id, id)).returning({ id: siteVars.id });
    if (deleted.length === 0) throw new NotFoundError("Site var not found.");
  });
}
