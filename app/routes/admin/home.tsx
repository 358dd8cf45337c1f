import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ErrorAlert } from "~/components/error-alert";
import { apiRequest } from "~/utils/api.server";
import { errorText } from "~/utils/api-feedback.server";

interface AdminHomeData {
  groups: Array<{ name: string; links: Array<{ name: string; link: string }> }>;
}

export async function loader({ context }: Route.LoaderArgs) {
  const result = await apiRequest<AdminHomeData>(context, "/admin/home");
  // §2: the page itself says what went wrong, instead of the generic error view.
  if (!result.ok) return { groups: [], error: errorText(result.error) };
  return { groups: result.data.groups, error: null };
}

export const meta: Route.MetaFunction = () => [{ title: "Admin" }];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { groups, error } = loaderData;
  return (
    <section>
      <h1 className="page-title">Admin</h1>
      <ErrorAlert message={error && (error === "Unknown error" ? error : `Error loading admin data: ${error}`)} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group, index) => (
          <nav key={group.name} aria-labelledby={`admin-group-${index}`} className="card">
            <h2 id={`admin-group-${index}`} className="mb-2 text-lg font-semibold">
              {group.name}
            </h2>
            <ul className="space-y-1">
              {group.links.map((link) => (
                <li key={link.link}>
                  <Link to={link.link} prefetch="intent">
                    {link.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </section>
  );
}
