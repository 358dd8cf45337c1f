// The admin home as GET /api/admin/home answers it: groups of links to every admin page, and how many records
// each admin area holds.
import { z } from "zod";

const AdminMenuLinkSchema = z.object({ name: z.string(), link: z.string() });
const AdminMenuGroupSchema = z.object({ name: z.string(), links: z.array(AdminMenuLinkSchema) });

const countOf = (what: string) => z.number().int().nonnegative().describe(what);
const AdminAreaCountsSchema = z.object({
  users: countOf("Users"),
  api_keys: countOf("API keys"),
  unread_messages: countOf("Contact messages not yet marked handled"),
  mail_connections: countOf("Connected mail accounts"),
  site_data: countOf("Site data entries (every version)"),
  site_vars: countOf("Site vars"),
  kv_entries: countOf("Key/value entries"),
  wonder_items: countOf("Wonder items"),
  wonder_tags: countOf("Wonder tags"),
});

export const AdminHomeResponseSchema = z.object({
  groups: z.array(AdminMenuGroupSchema),
  counts: AdminAreaCountsSchema,
});

export type AdminMenuGroup = z.infer<typeof AdminMenuGroupSchema>;
export type AdminAreaCounts = z.infer<typeof AdminAreaCountsSchema>;
export type AdminHomeResponse = z.infer<typeof AdminHomeResponseSchema>;
