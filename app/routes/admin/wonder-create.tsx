import { useActionData } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/wonder-create";
import { WonderItemForm } from "~/components/admin/wonder-item-form";
import { ErrorAlert } from "~/components/error-alert";
import { itemFormConstraint, loadTags, saveItemAction } from "./wonder-item.server";
import { ADMIN_PATHS } from "../../../shared/admin-menu";
import { WonderItemSchema } from "../../../shared/contract/wonder";
import { declaredAction, formFields, textFields } from "~/utils/form-fields";

export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadTags(context)), constraint: itemFormConstraint() };
}

export const action = declaredAction(
  formFields(WonderItemSchema, textFields("intent")),
  async ({ request, context }: Route.ActionArgs) => {
    return saveItemAction(context, await request.formData(), null);
  },
);

export const meta: Route.MetaFunction = () => [{ title: "Create Wonder Item" }];

export default function WonderCreate({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <h1 className="page-title">Create Wonder Item</h1>
      <p className="mb-4 text-sm">
        <Link to={ADMIN_PATHS.wonderItems}>All items</Link>
      </p>
      <ErrorAlert message={loaderData.tagsError ? `Tags could not be loaded: ${loaderData.tagsError}` : null} />
      <div className="card">
        <WonderItemForm
          item={null}
          tags={loaderData.tags}
          constraint={loaderData.constraint}
          actionData={actionData}
          submitLabel="Create"
        />
      </div>
    </section>
  );
}
