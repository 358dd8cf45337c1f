import { getFormProps, getSelectProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { z } from "zod";
import type { Route } from "./+types/flux";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Field, FormErrors, InputField, SubmitButton, TextareaField } from "#app/components/field.tsx";
import {
  FluxPageSchema,
  FluxSchema,
  type ImageGenConfig,
  type ImageJob,
  type ImageJobListResponse,
} from "#shared/contract/flux.ts";
import { FLUX_DEFAULTS, FLUX_LIMITS, FLUX_MODELS, FLUX_PREVIEW_WIDTH } from "#shared/contract/flux-vocabulary.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { apiRequest, fieldErrorsOf } from "#app/utils/api.server.ts";
import { errorText, failureToast } from "#app/utils/api-feedback.server.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { dataWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

// The host gets its own time-out (IMAGE_HOST_TIMEOUT_MS, 60 s by default); this only has to outlast it.
const GENERATE_TIMEOUT_MS = 5 * 60_000;

/** The browser's copy of the form's check, loaded after the page (see useDeferredZodForm). */
const loadFluxCheck = deferredZodCheck(
  () => import("#shared/contract/flux.ts"),
  (schemas) => schemas.FluxPageSchema,
);

/** A reply never echoes the key back (it may be the saved one the action filled in). */
const HIDE_KEY = { hideFields: ["api_key"] };

export async function loader({ context }: Route.LoaderArgs) {
  const result = await apiRequest<ImageGenConfig>(context, "/v1/admin/img_gen/config");
  return {
    config: { host: result.ok ? result.data.host : "", hasSavedKey: result.ok && Boolean(result.data.api_key) },
    error: result.ok ? null : errorText(result.error),
    constraint: getZodConstraint(FluxPageSchema),
  };
}

export const action = declaredAction(formFields(FluxSchema), async ({ request, context }: Route.ActionArgs) => {
  const formData = await request.formData();
  if (!String(formData.get("api_key") ?? "").trim()) {
    const saved = await apiRequest<ImageGenConfig>(context, "/v1/admin/img_gen/config");
    if (saved.ok) formData.set("api_key", saved.data.api_key);
  }
  const submission = parseWithZod(formData, { schema: FluxSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(HIDE_KEY), jobs: [] as ImageJob[] }, { status: 400 });
  const result = await apiRequest<ImageJobListResponse>(context, "/v1/admin/img_gen/flux", {
    body: submission.value,
    timeoutMs: GENERATE_TIMEOUT_MS,
  });
  if (!result.ok) {
    return failureToast(
      {
        result: submission.reply({
          ...HIDE_KEY,
          formErrors: [result.error.detail],
          fieldErrors: fieldErrorsOf(result.error),
        }),
        jobs: [] as ImageJob[],
      },
      result.error,
    );
  }
  const count = result.data.result_list.length;
  return dataWithSuccess(
    { result: submission.reply(HIDE_KEY), jobs: result.data.result_list },
    `Generated ${count} ${count === 1 ? "image" : "images"}.`,
  );
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Flux image generation", noIndex: true });

export default function Flux({ loaderData }: Route.ComponentProps) {
  const { config, error } = loaderData;
  const actionData = useActionData<typeof action>();
  const jobs = actionData?.jobs ?? [];
  return (
    <section>
      <h1 className="page-title">Flux image generation</h1>
      <p className="mb-4">
        <Link to={ADMIN_PATHS.fluxHistory}>History</Link>
      </p>
      <ErrorAlert message={error} />
      <FluxForm config={config} />

      {jobs.length > 0 ? (
        <section aria-labelledby="flux-results-title">
          <h2 id="flux-results-title" className="mb-2 text-lg font-semibold">
            Results
          </h2>
          <ul className="flex flex-wrap gap-4">
            {jobs.map((job) => (
              <li key={job.id} className="card" style={{ maxWidth: FLUX_PREVIEW_WIDTH + 34 }}>
                {job.image_url ? (
                  <img src={job.image_url} width={FLUX_PREVIEW_WIDTH} alt={job.prompt} className="h-auto max-w-full" />
                ) : (
                  <p className="text-sm text-red-700 dark:text-red-400">The host gave no image that can be shown.</p>
                )}
                <p className="mt-2 text-sm break-words">{job.prompt}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {job.width}×{job.height} · job {job.id}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

const FluxForm = withDeferredForm(function FluxForm({ config }: { config: { host: string; hasSavedKey: boolean } }) {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useDeferredZodForm<z.input<typeof FluxPageSchema>, z.output<typeof FluxPageSchema>>(
    loadFluxCheck,
    constraint,
    {
      id: "flux",
      lastResult: actionData?.result,
      defaultValue: {
        prompt: FLUX_DEFAULTS.prompt,
        steps: String(FLUX_DEFAULTS.steps),
        width: String(FLUX_DEFAULTS.width),
        height: String(FLUX_DEFAULTS.height),
        ai_model_id: FLUX_DEFAULTS.model,
        host: config.host,
        echo_data: "",
      },
    },
  );
  const [model, setModel] = useState<string>(FLUX_DEFAULTS.model);
  const generating = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="card mb-6 grid max-w-3xl gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextareaField
          field={fields.prompt}
          label="Prompt"
          rows={4}
          hint={`One image per line; blank lines are dropped (at most ${FLUX_LIMITS.prompts} lines).`}
        />
      </div>
      <InputField
        field={fields.steps}
        label="Steps"
        type="number"
        hint={`${FLUX_LIMITS.stepsMin} to ${FLUX_LIMITS.stepsMax}.`}
      />
      <Field field={fields.ai_model_id} label="Model">
        <select
          {...getSelectProps(fields.ai_model_id)}
          className="input"
          onChange={(event) => setModel(event.currentTarget.value)}
        >
          {FLUX_MODELS.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.label}
            </option>
          ))}
        </select>
        {/* Every model's hint, with and without JavaScript, so the form below never moves when it hydrates; with
            JavaScript the chosen model's is marked. */}
        <ul className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {FLUX_MODELS.map((entry) => {
            const chosen = hydrated && entry.id === model;
            return (
              <li
                key={entry.id}
                aria-current={chosen ? "true" : undefined}
                className={chosen ? "font-semibold text-zinc-900 dark:text-zinc-100" : undefined}
              >
                {entry.label}: {entry.hint}
              </li>
            );
          })}
        </ul>
      </Field>
      <InputField
        field={fields.width}
        label="Width"
        type="number"
        hint={`${FLUX_LIMITS.sizeMin} to ${FLUX_LIMITS.sizeMax} pixels.`}
      />
      <InputField
        field={fields.height}
        label="Height"
        type="number"
        hint={`${FLUX_LIMITS.sizeMin} to ${FLUX_LIMITS.sizeMax} pixels.`}
      />
      <InputField field={fields.input_img_id} label="Input image id (Kontext, optional)" autoComplete="off" />
      <InputField field={fields.host} label="Host" type="url" autoComplete="off" />
      <div className="sm:col-span-2">
        <InputField
          field={fields.api_key}
          label="API key"
          type="password"
          autoComplete="off"
          hint={config.hasSavedKey ? "Leave empty to keep the saved key." : undefined}
        />
      </div>
      <div className="sm:col-span-2">
        <TextareaField
          field={fields.echo_data}
          label="Echo data (JSON, optional)"
          rows={3}
          className="input font-mono"
          placeholder='{"note": "anything to get back with the job"}'
        />
      </div>
      <div className="sm:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton busy={generating} busyLabel="Generating...">
          Generate
        </SubmitButton>
      </div>
    </Form>
  );
});
