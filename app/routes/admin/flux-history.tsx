import { data, Form, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/flux-history";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Time } from "#app/components/time.tsx";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import type { ImageJob, ImageJobListResponse } from "#shared/contract/flux.ts";
import { FLUX_FORM_NAME, FLUX_HISTORY_WIDTH } from "#shared/contract/flux-vocabulary.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText, failureToast } from "#app/utils/api-feedback.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { confirmDeleteQuestion, heldUndoOffer, restoreHeldAction, DELETE_BUTTON_FIELDS } from "./actions.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.fluxHistory;
const DeleteSchema = z.object({
  id: z.string().trim().min(1, "The job id is missing.").max(200, "The job id is too long."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode") === "requestor" ? "requestor" : "recent";
  const requestorId = (url.searchParams.get("requestor_id") ?? "").trim();
  const view = { mode, requestorId: mode === "requestor" ? requestorId : FLUX_FORM_NAME };
  // By-requestor mode needs a requestor id.
  if (mode === "requestor" && !requestorId)
    return { ...view, jobs: [] as JobWithEchoText[], error: "requestor_id is not provided!" };
  const query = mode === "requestor" ? `?requestor_id=${encodeURIComponent(requestorId.slice(0, 200))}` : "";
  const result = await apiRequest<ImageJobListResponse>(context, `/v1/admin/img_gen/history${query}`, {
    timeoutMs: 5 * 60_000,
  });
  if (!result.ok) return { ...view, jobs: [] as JobWithEchoText[], error: errorText(result.error) };
  // Echo data is shown as the host wrote it: the parsed copy may have lost digits or key order.
  const echoTexts = jsonTextsAt(result.text ?? "", ["result_list", "*", "echo_data"]);
  const jobs = result.data.result_list.map((job, index) => ({ ...job, echoText: echoTexts[index] ?? "{}" }));
  return { ...view, jobs, error: null };
}

type JobWithEchoText = ImageJob & { echoText: string };

export const action = declaredAction(
  formFields(DeleteSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const url = new URL(request.url);
    const formData = await request.formData();
    if (formData.get("intent") === "restore") {
      return restoreHeldAction(context, formData, { redirectTo: `${PAGE_PATH}${url.search}`, failed: { error: null } });
    }
    const parsed = DeleteSchema.safeParse({ id: formData.get("id") });
    if (formData.get("intent") === "delete" && parsed.success) return confirmDeleteQuestion(formData, {});
    if (formData.get("intent") !== "confirm-delete" || !parsed.success)
      return data({ error: "Nothing to delete." }, { status: 400 });
    const result = await apiRequest(context, `/v1/admin/img_gen/job/${encodeURIComponent(parsed.data.id)}`, {
      method: "DELETE",
      timeoutMs: 5 * 60_000,
    });
    if (!result.ok) return failureToast({ error: errorText(result.error) }, result.error);
    // The shipped host keeps the job for Undo; another host's delete is final.
    const undo = heldUndoOffer(formData, result.data, "Completed successfully!");
    if (undo) return data({ error: null, undo });
    return redirectWithSuccess(`${PAGE_PATH}${url.search}`, "Completed successfully!");
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Flux history", noIndex: true });

export default function FluxHistory({ loaderData }: Route.ComponentProps) {
  const { mode, requestorId, jobs, error } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PAGE_PATH;
  return (
    <section>
      <h1 className="page-title">Flux history</h1>
      <p className="mb-4">
        <Link to={ADMIN_PATHS.flux}>New image</Link>
      </p>
      <Form method="get" className="card mb-6 flex max-w-3xl flex-wrap items-end gap-4">
        <fieldset className="flex gap-4">
          <legend className="label">Show</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="recent" defaultChecked={mode === "recent"} /> Recent
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="requestor" defaultChecked={mode === "requestor"} /> By requestor
          </label>
        </fieldset>
        <div>
          <label htmlFor="requestor-id" className="label">
            requestor_id
          </label>
          <input
            id="requestor-id"
            name="requestor_id"
            defaultValue={requestorId}
            className="input"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn">
          {loading ? "Loading..." : "Show"}
        </button>
      </Form>
      <ErrorAlert message={error} />
      {!error && jobs.length === 0 ? <p>No images yet.</p> : null}
      <ul className="flex flex-wrap gap-6">
        {jobs.map((job) => (
          <li key={job.id} className="card min-w-0 max-w-full" style={{ maxWidth: FLUX_HISTORY_WIDTH + 34 }}>
            {job.image_url ? (
              <img
                src={job.image_url}
                width={FLUX_HISTORY_WIDTH}
                alt={job.prompt}
                loading="lazy"
                className="h-auto max-w-full"
              />
            ) : (
              <p className="text-sm text-red-700 dark:text-red-400">The host gave no image that can be shown.</p>
            )}
            <p className="mt-2 text-sm break-words">{job.prompt}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {job.width}×{job.height} · job {job.id}
              {job.created_at ? (
                <>
                  {" · "}
                  <Time value={job.created_at} />
                </>
              ) : null}
            </p>
            {Object.keys(job.echo_data).length > 0 ? (
              <pre className="mt-1 text-xs break-all whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">
                {job.echoText}
              </pre>
            ) : null}
            <div className="mt-2">
              <DeleteButton id={job.id} accessibleLabel={`Delete job ${job.id}`} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
