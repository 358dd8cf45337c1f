import { data, Form, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/wonder-items";
import { Pager } from "#app/components/admin/pager.tsx";
import { EditLink, RowActions } from "#app/components/admin/row-actions.tsx";
import { TagChip } from "#app/components/admin/tag-chip.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Time } from "#app/components/time.tsx";
import { WonderItemSchema, type WonderItem, type WonderItemPage } from "#shared/contract/wonder.ts";
import { WONDER_PAGE_SIZE, WONDER_STATUSES, type WonderStatus } from "#shared/contract/wonder-vocabulary.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { DELETE_INTENTS, deleteAction, postedForm, saveAction, DELETE_BUTTON_FIELDS } from "./actions.server";
import { loadTags } from "./wonder-item.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

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
  const [items, tags] = await Promise.all([
    apiRequest<WonderItemPage>(context, `/admin/wonder/items?${query}`),
    loadTags(context),
  ]);
  return {
    filters: { tag, status },
    items: items.ok ? items.data : { items: [], total: 0, page, page_size: WONDER_PAGE_SIZE },
    error: items.ok ? null : errorText(items.error),
    ...tags,
  };
}

export const action = declaredAction(
  formFields(WonderItemSchema, IdSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);
    const url = new URL(request.url);
    const listUrl = `${ADMIN_PATHS.wonderItems}${url.search}`;
    if (intent === "restore") {
      return saveAction(formData, {
        intent,
        schema: WonderItemSchema,
        save: (body) => apiRequest<WonderItem>(context, "/admin/wonder/items", { body }),
        redirectTo: () => listUrl,
        message: (item) => `Restored ${item.title}.`,
      });
    }
    if (!DELETE_INTENTS.includes(intent)) return data({ intent, result: null }, { status: 400 });
    return deleteAction(context, formData, {
      schema: IdSchema,
      apiPath: (id) => `/admin/wonder/items/${encodeURIComponent(id)}`,
      redirectTo: () => listUrl,
      // Undo creates the item again (a new id) with its text, image, status and tags.
      undo: async (id) => {
        const read = await apiRequest<WonderItem>(context, `/admin/wonder/items/${encodeURIComponent(id)}`);
        if (!read.ok) return null;
        const { title, slug, summary, body_markdown, image_url, status, tags } = read.data;
        const fields = { title, slug, summary, body_markdown, status, tag_ids: tags.map((tag) => tag.id) };
        return image_url ? { ...fields, image_url } : fields;
      },
    });
  },
);

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
          <Link to={ADMIN_PATHS.wonderCreate} className="btn btn-primary">
            Create item
          </Link>
          <Link to={ADMIN_PATHS.wonderTags} className="btn">
            Tags
          </Link>
        </span>
      </div>

      <Form
        method="get"
        action={location.pathname}
        role="search"
        aria-label="Filter items"
        className="mb-4 flex flex-wrap items-end gap-2"
      >
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

      <ErrorAlert message={error ?? (tagsError ? `Tags could not be loaded: ${tagsError}` : null)} />
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {items.total} {items.total === 1 ? "item" : "items"}
        {filtered ? " match the filter" : ""}
      </p>
      <DataTable
        label="Items"
        columns={["Title", "Slug", "Status", "Tags", "Updated", "Actions"]}
        rows={items.items}
        empty={filtered ? "No items match the filter." : "No items yet."}
      >
        {(item) => (
          <tr key={item.id}>
            <td>
              <Link to={ADMIN_PATHS.wonderEdit(item.id)}>{item.title}</Link>
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
            <RowActions>
              <EditLink to={ADMIN_PATHS.wonderEdit(item.id)} label={`Edit item ${item.title}`} />
              <DeleteButton id={item.id} accessibleLabel={`Delete item ${item.title}`} />
            </RowActions>
          </tr>
        )}
      </DataTable>
      <Pager page={items.page} pageSize={items.page_size} total={items.total} label="Item pages" />
    </section>
  );
}
