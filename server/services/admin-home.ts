// The admin home's link groups (GET /api/admin/home): every admin page, whoever built it.
export interface AdminLink {
  name: string;
  link: string;
}
export interface AdminLinkGroup {
  name: string;
  links: AdminLink[];
}

export const ADMIN_HOME_GROUPS: readonly AdminLinkGroup[] = [
  {
    name: "Common",
    links: [
      { name: "Users", link: "/admin/common/users/" },
      { name: "API Keys", link: "/admin/common/api_keys" },
      { name: "Email Config", link: "/admin/common/email_config" },
      { name: "Contact Messages", link: "/admin/common/messages/" },
    ],
  },
  {
    name: "Site",
    links: [
      { name: "Site Data", link: "/admin/common/site/data/" },
      { name: "Site Vars", link: "/admin/common/site/vars" },
      { name: "Key/Value Store", link: "/admin/common/kv/" },
    ],
  },
  {
    name: "Wonder",
    links: [
      { name: "Items", link: "/admin/wonder/items" },
      { name: "Create Item", link: "/admin/wonder/create" },
      { name: "Tags", link: "/admin/wonder/tags" },
    ],
  },
  {
    name: "Labs",
    links: [
      { name: "Flux Image Generation", link: "/admin/labs/flux/" },
      { name: "Flux History", link: "/admin/labs/flux/history" },
    ],
  },
];

export function adminHomeGroups(): AdminLinkGroup[] {
  return ADMIN_HOME_GROUPS.map((group) => ({ name: group.name, links: group.links.map((link) => ({ ...link })) }));
}
