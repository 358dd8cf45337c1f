// /tools: a card for each developer tool. A static page: no data, no JavaScript of its own.
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/index";
import { TOOLS } from "#app/tools/catalog.ts";
import { pageMeta } from "#app/utils/meta.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Developer tools",
    description: "A JSON formatter and a URL encoder and decoder that keep your input in your browser.",
  });

export default function ToolsIndex() {
  return (
    <section>
      <h1 className="page-title">Developer tools</h1>
      <p className="mb-4 max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
        Each tool works in your browser as you type, and without JavaScript too. Nothing you paste is stored or logged.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {TOOLS.map((tool) => (
          <li key={tool.to} className="card">
            <h2 className="mb-1 text-lg font-semibold">
              <Link to={tool.to}>{tool.title}</Link>
            </h2>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{tool.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
