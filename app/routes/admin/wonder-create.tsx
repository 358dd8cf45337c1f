import { useActionData } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/wonder-create";
import { WonderItemForm } from "#app/components/admin/wonder-item-form.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { itemFormConstraint, loadTags, saveItemAction } from "./wonder-item.server";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { WonderItemSchema } from "#shared/contract/wonder.ts";
import { declaredAction, formFields, textFields } from "#app/utils/form-fields.ts";

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
