import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ADMIN_MENU } from "../../../shared/admin-menu";

export const meta: Route.MetaFunction = () => [{ title: "Admin" }];

export default function AdminHome() {
  return (
    <section>
      <h1 className="page-title">Admin</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_MENU.map((group, index) => (
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
