import { isRouteErrorResponse, useActionData } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/wonder-edit";
import { WonderItemForm } from "#app/components/admin/wonder-item-form.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { errorMessageOf } from "#app/components/error-views.tsx";
import { Time } from "#app/components/time.tsx";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import type { WonderItem } from "#shared/contract/wonder.ts";
import { apiGetOrThrow, apiRequest } from "#app/utils/api.server.ts";
import { failureToast } from "#app/utils/api-feedback.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { confirmDeleteQuestion, DELETE_BUTTON_FIELDS } from "./actions.server";
import { itemFormConstraint, loadTags, saveItemAction } from "./wonder-item.server";
import { WonderItemSchema } from "#shared/contract/wonder.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const [item, tags] = await Promise.all([
    apiGetOrThrow<WonderItem>(context, `/admin/wonder/items/${encodeURIComponent(params.itemId)}`),
    loadTags(context),
  ]);
  return { item, ...tags, constraint: itemFormConstraint() };
}

export const action = declaredAction(
  formFields(WonderItemSchema, DELETE_BUTTON_FIELDS),
  async ({ request, params, context }: Route.ActionArgs) => {
    const formData = await request.formData();
    if (formData.get("intent") === "delete") return confirmDeleteQuestion(formData, { intent: "delete", result: null });
    if (formData.get("intent") === "confirm-delete") {
      const result = await apiRequest(context, `/admin/wonder/items/${encodeURIComponent(params.itemId)}`, {
        method: "DELETE",
      });
      if (!result.ok) return failureToast({ intent: "delete", result: null }, result.error);
      return redirectWithSuccess(ADMIN_PATHS.wonderItems, "Completed successfully!");
    }
    return saveItemAction(context, formData, params.itemId);
  },
);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Edit ${loaderData.item.title}` : "Edit Wonder Item" },
];

export default function WonderEdit({ loaderData }: Route.ComponentProps) {
  const { item, tags, tagsError } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <h1 className="page-title">Edit {item.title}</h1>
      <div className="mb-4 flex flex-wrap items-center gap-4 text-sm">
        <Link to={ADMIN_PATHS.wonderItems}>All items</Link>
        <span>
          Created <Time value={item.created_at} />, updated <Time value={item.updated_at} />
        </span>
        <DeleteButton id={item.id} accessibleLabel={`Delete item ${item.title}`} />
      </div>
      <ErrorAlert message={tagsError ? `Tags could not be loaded: ${tagsError}` : null} />
      <div className="card">
        <WonderItemForm
          key={item.updated_at}
          item={item}
          tags={tags}
          constraint={loaderData.constraint}
          actionData={actionData}
          submitLabel="Save Changes"
        />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section>
      <h1 className="page-title">{notFound ? "Item not found" : "Something went wrong!"}</h1>
      <ErrorAlert message={notFound ? "This item does not exist; it may have been deleted." : errorMessageOf(error)} />
      <Link to={ADMIN_PATHS.wonderItems}>All items</Link>
    </section>
  );
}
