// The admin home's menu as GET /api/admin/home answers it: groups of links to every admin page.
import { z } from "zod";

export const AdminMenuLinkSchema = z.object({ name: z.string(), link: z.string() });
export const AdminMenuGroupSchema = z.object({ name: z.string(), links: z.array(AdminMenuLinkSchema) });
export const AdminHomeResponseSchema = z.object({ groups: z.array(AdminMenuGroupSchema) });

export type AdminMenuLink = z.infer<typeof AdminMenuLinkSchema>;
export type AdminMenuGroup = z.infer<typeof AdminMenuGroupSchema>;
export type AdminHomeResponse = z.infer<typeof AdminHomeResponseSchema>;
