// Where the admin pages are, written once: built with React Router's href(), which the route config types, so a
// moved or renamed page fails the typecheck here instead of leaving a dead link. The admin pages link and
// redirect with ADMIN_PATHS; the admin home shows ADMIN_MENU, which GET /api/admin/home also answers.
import { href } from "react-router";
import type { AdminMenuGroup } from "./contract/admin-home";

// These pages' published addresses end in a slash (the router serves them with or without one).
const withSlash = (path: string) => `${path}/`;

export const ADMIN_PATHS = {
  home: href("/admin"),
  users: withSlash(href("/admin/common/users")),
  user: (userId: string) => href("/admin/common/users/:userId", { userId }),
  changePassword: (userId: string) =>
    `${href("/admin/common/users/change_pwd")}?${new URLSearchParams({ user_id: userId })}`,
  apiKeys: href("/admin/common/api_keys"),
  emailConfig: href("/admin/common/email_config"),
  messages: withSlash(href("/admin/common/messages")),
  siteData: withSlash(href("/admin/common/site/data")),
  siteVars: href("/admin/common/site/vars"),
  kv: withSlash(href("/admin/common/kv")),
  wonderItems: href("/admin/wonder/items"),
  wonderCreate: href("/admin/wonder/create"),
  wonderEdit: (itemId: string) => href("/admin/wonder/edit/:itemId", { itemId }),
  wonderTags: href("/admin/wonder/tags"),
  flux: withSlash(href("/admin/labs/flux")),
  fluxHistory: href("/admin/labs/flux/history"),
} as const;

export const ADMIN_MENU: readonly AdminMenuGroup[] = [
  {
    name: "Common",
    links: [
      { name: "Users", link: ADMIN_PATHS.users },
      { name: "API Keys", link: ADMIN_PATHS.apiKeys },
      { name: "Email Config", link: ADMIN_PATHS.emailConfig },
      { name: "Contact Messages", link: ADMIN_PATHS.messages },
    ],
  },
  {
    name: "Site",
    links: [
      { name: "Site Data", link: ADMIN_PATHS.siteData },
      { name: "Site Vars", link: ADMIN_PATHS.siteVars },
      { name: "Key/Value Store", link: ADMIN_PATHS.kv },
    ],
  },
  {
    name: "Wonder",
    links: [
      { name: "Items", link: ADMIN_PATHS.wonderItems },
      { name: "Create Item", link: ADMIN_PATHS.wonderCreate },
      { name: "Tags", link: ADMIN_PATHS.wonderTags },
    ],
  },
  {
    name: "Labs",
    links: [
      { name: "Flux Image Generation", link: ADMIN_PATHS.flux },
      { name: "Flux History", link: ADMIN_PATHS.fluxHistory },
    ],
  },
];
