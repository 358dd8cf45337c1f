// Where the wonder admin pages live, for links and redirects alike.
export const WONDER_ITEMS_PATH = "/admin/wonder/items";

export function wonderEditPath(id: string): string {
  return `/admin/wonder/edit/${encodeURIComponent(id)}`;
}
