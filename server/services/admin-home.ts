// How many records each admin area holds, for the admin home's cards: one count(*) per table, each cheap at the
// sizes an admin area reaches (the camera reports, the one large table, are not counted here).
import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  apiKeys,
  contactMessages,
  kvEntries,
  mailConnections,
  siteData,
  siteVars,
  users,
  wonderItems,
  wonderTags,
} from "../db/schema";
import type { AdminAreaCounts } from "#shared/contract/admin-home.ts";

export async function countAdminAreas(db: Database): Promise<AdminAreaCounts> {
  const total = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
  const [
    usersTotal,
    apiKeysTotal,
    unreadMessages,
    mailConnectionsTotal,
    siteDataTotal,
    siteVarsTotal,
    kvTotal,
    wonderItemsTotal,
    wonderTagsTotal,
  ] = await Promise.all([
    total(db.select({ total: count() }).from(users)),
    total(db.select({ total: count() }).from(apiKeys)),
    total(db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.handled, false))),
    total(db.select({ total: count() }).from(mailConnections)),
    total(db.select({ total: count() }).from(siteData)),
    total(db.select({ total: count() }).from(siteVars)),
    total(db.select({ total: count() }).from(kvEntries)),
    total(db.select({ total: count() }).from(wonderItems)),
    total(db.select({ total: count() }).from(wonderTags)),
  ]);
  return {
    users: usersTotal,
    api_keys: apiKeysTotal,
    unread_messages: unreadMessages,
    mail_connections: mailConnectionsTotal,
    site_data: siteDataTotal,
    site_vars: siteVarsTotal,
    kv_entries: kvTotal,
    wonder_items: wonderItemsTotal,
    wonder_tags: wonderTagsTotal,
  };
}
