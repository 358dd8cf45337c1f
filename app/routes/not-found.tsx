import { data } from "react-router";
import { NotFoundView } from "#app/components/error-views.tsx";
import { pageMeta, type MetaArgsLike } from "#app/utils/meta.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

export function loader() {
  return data(null, { status: 404 });
}

export const action = declaredAction(formFields(), () => {
  return data(null, { status: 404 });
});

export const meta = (args: MetaArgsLike) =>
  pageMeta(args, { title: "Not Found", description: "There is no page at this address.", noIndex: true });

export default function NotFound() {
  return (
    <main id="main">
      <NotFoundView />
    </main>
  );
}
