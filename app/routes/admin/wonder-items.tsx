import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/wonder-items";
import { Pager } from "~/components/admin/pager";
import { TagChip } from "~/components/admin/tag-chip";
import { wonderEditPath } from "~/components/admin/wonder-paths";
import { TableWrap } from "~/components/table-wrap";
import { DeleteButton } from "~/components/delete-button";
import { Time } from "~/components/time";
import { WONDER_PAGE_SIZE, WONDER_STATUSES, type WonderItemPage, type WonderStatus } from "~/schemas/wonder";
import { apiRequest } from "~/utils/api.server";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { loadTags } from "./wonder-item.server";

const IdSchema = z.object({ id: z.string().min(1, "Required.") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tag = url.searchParams.get("tag")?.trim() || "";
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (WONDER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as WonderStatus) : "";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const query = new URLSearchParams({ page: String(page) });
  if (tag) query.set("tag", tag);
  if (status) query.set("status", status);
  const [items, tags] = await Promise.all([apiRequest<WonderItemPage>(context, `/admin/wonder/items?${query}`), loadTags(context)]);
  return {
    filters: { tag, status },
    items: items.ok ? items.data : { items: [], total: 0, page, page_size: WONDER_PAGE_SIZE },
    error: items.ok ? null : errorText(items.error),
    ...tags,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "delete") return data({ intent, result: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: IdSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const result = await apiRequest(context, `/admin/wonder/items/${encodeURIComponent(submission.value.id)}`, { method: "DELETE" });
  if (!result.ok) return failureToast({ intent, result: submission.reply() }, result.error);
  const url = new URL(request.url);
  return redirectWithSuccess(`${url.pathname}${url.search}`, "Completed successfully!");
}

export const meta: Route.MetaFunction = () => [{ title: "Wonder Items" }];

export default function WonderItems({ loaderData }: Route.ComponentProps) {
  const { filters, items, error, tags, tagsError } = loaderData;
  const location = useLocation();
  const filtered = Boolean(filters.tag || filters.status);
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title mb-0">Wonder Items</h1>
        <span className="flex gap-2">
          <Link to="/admin/wonder/create" className="btn btn-primary">
            Create item
          </Link>
          <Link to="/admin/wonder/tags" className="btn">
            Tags
          </Link>
        </span>
      </div>

      <Form method="get" action={location.pathname} role="search" aria-label="Filter items" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="filter-tag" className="label">
            Tag
          </label>
          <select id="filter-tag" name="tag" defaultValue={filters.tag} className="input">
            <option value="">All tags</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.slug}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="label">
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={filters.status} className="input">
            <option value="">Any status</option>
            {WONDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Filter
        </button>
        {filtered ? (
          <Link to={location.pathname} className="btn">
            Clear
          </Link>
        ) : null}
      </Form>

      {error || tagsError ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          {error ?? `Tags could not be loaded: ${tagsError}`}
        </p>
      ) : null}
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {items.total} {items.total === 1 ? "item" : "items"}
        {filtered ? " match the filter" : ""}
      </p>
      <TableWrap label="Items">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">title</th>
              <th scope="col">slug</th>
              <th scope="col">status</th>
              <th scope="col">tags</th>
              <th scope="col">updated</th>
              <th scope="col">actions</th>
            </tr>
          </thead>
          <tbody>
            {items.items.length === 0 ? (
              <tr>
                <td colSpan={6}>{filtered ? "No items match the filter." : "No items yet."}</td>
              </tr>
            ) : (
              items.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={wonderEditPath(item.id)}>{item.title}</Link>
                  </td>
                  <td className="font-mono">{item.slug}</td>
                  <td>{item.status}</td>
                  <td>
                    <span className="flex flex-wrap gap-1">
                      {item.tags.map((tag) => (
                        <TagChip key={tag.id} tag={tag} />
                      ))}
                    </span>
                  </td>
                  <td>
                    <Time value={item.updated_at} />
                  </td>
                  <td className="whitespace-nowrap">
                    <span className="flex gap-2">
                      <Link to={wonderEditPath(item.id)} className="btn min-h-8 px-2 py-1 text-xs" aria-label={`Edit item ${item.title}`}>
                        Edit
                      </Link>
                      <DeleteButton id={item.id} accessibleLabel={`Delete item ${item.title}`} />
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableWrap>
      <Pager page={items.page} pageSize={items.page_size} total={items.total} label="Item pages" />
    </section>
  );
}
