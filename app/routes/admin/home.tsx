import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/home";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { ADMIN_MENU, ADMIN_PATHS } from "#shared/admin-menu.ts";
import type { AdminAreaCounts, AdminHomeResponse } from "#shared/contract/admin-home.ts";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const result = await apiRequest<AdminHomeResponse>(context, "/admin/home");
  return {
    counts: result.ok ? result.data.counts : null,
    error: result.ok ? null : errorText(result.error),
  };
}

/** A card's line of description, and what it counts: the area's count and the noun for one and for many. */
type AreaSummary = { description: string; count?: (counts: AdminAreaCounts) => [number, string, string] };

const AREAS: Record<string, AreaSummary> = {
  [ADMIN_PATHS.users]: {
    description: "Accounts, administrator rights, passwords and Firebase users.",
    count: (counts) => [counts.users, "user", "users"],
  },
  [ADMIN_PATHS.apiKeys]: {
    description: "The keys the probe app and other services send with their uploads.",
    count: (counts) => [counts.api_keys, "key", "keys"],
  },
  [ADMIN_PATHS.emailConfig]: {
    description: "The mail account that sends contact notifications.",
    count: (counts) => [counts.mail_connections, "connected account", "connected accounts"],
  },
  [ADMIN_PATHS.messages]: {
    description: "What visitors wrote through the contact form.",
    count: (counts) => [counts.unread_messages, "unread", "unread"],
  },
  [ADMIN_PATHS.siteData]: {
    description: "The terms and privacy texts, every version of each.",
    count: (counts) => [counts.site_data, "entry", "entries"],
  },
  [ADMIN_PATHS.siteVars]: {
    description: "Typed settings, such as the site's name.",
    count: (counts) => [counts.site_vars, "var", "vars"],
  },
  [ADMIN_PATHS.kv]: {
    description: "The entries of the key/value service API.",
    count: (counts) => [counts.kv_entries, "entry", "entries"],
  },
  [ADMIN_PATHS.wonderItems]: {
    description: "Wonder items, drafts and published.",
    count: (counts) => [counts.wonder_items, "item", "items"],
  },
  [ADMIN_PATHS.wonderCreate]: { description: "Write a new wonder item." },
  [ADMIN_PATHS.wonderTags]: {
    description: "The tags wonder items are filed under.",
    count: (counts) => [counts.wonder_tags, "tag", "tags"],
  },
  [ADMIN_PATHS.flux]: { description: "Generate images with the image host." },
  [ADMIN_PATHS.fluxHistory]: { description: "Images generated lately, or by one requestor." },
};

function countText(area: AreaSummary | undefined, counts: AdminAreaCounts | null): string | null {
  if (!area?.count || !counts) return null;
  const [count, one, many] = area.count(counts);
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counts, error } = loaderData;
  return (
    <section>
      <h1 className="page-title">Admin</h1>
      <ErrorAlert message={error ? `Error loading admin data: ${error}` : null} />
      <div className="space-y-8">
        {ADMIN_MENU.map((group, index) => (
          <nav key={group.name} aria-labelledby={`admin-group-${index}`}>
            <h2 id={`admin-group-${index}`} className="mb-3 text-lg font-semibold">
              {group.name}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.links.map((link) => {
                const area = AREAS[link.link];
                const count = countText(area, counts);
                return (
                  <li
                    key={link.link}
                    className="card relative flex flex-col gap-1 hover:border-blue-600 dark:hover:border-blue-400"
                  >
                    <Link
                      to={link.link}
                      prefetch="intent"
                      className={
                        "text-lg font-semibold text-zinc-900 no-underline after:absolute after:inset-0 " +
                        "after:rounded-lg dark:text-zinc-100"
                      }
                    >
                      {link.name}
                    </Link>
                    {area ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{area.description}</p> : null}
                    {count ? (
                      <p className="mt-auto pt-2 text-sm font-medium" data-testid="admin-card-count">
                        {count}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </div>
    </section>
  );
}
