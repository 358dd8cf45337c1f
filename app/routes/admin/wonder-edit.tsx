import { isRouteErrorResponse, useActionData } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/wonder-edit";
import { WonderItemForm } from "~/components/admin/wonder-item-form";
import { DeleteButton } from "~/components/delete-button";
import { ErrorAlert } from "~/components/error-alert";
import { errorMessageOf } from "~/components/error-views";
import { Time } from "~/components/time";
import { ADMIN_PATHS } from "../../../shared/admin-menu";
import type { WonderItem } from "../../../shared/contract/wonder";
import { apiGetOrThrow, apiRequest } from "~/utils/api.server";
import { failureToast } from "~/utils/api-feedback.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { confirmDeleteQuestion, DELETE_BUTTON_FIELDS } from "./actions.server";
import { itemFormConstraint, loadTags, saveItemAction } from "./wonder-item.server";
import { WonderItemSchema } from "../../../shared/contract/wonder";
import { declaredAction, formFields } from "~/utils/form-fields";

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
