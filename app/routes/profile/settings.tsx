// /profile/me/settings: theme, display name, password and other sessions. Four forms posting to one action,
// told apart by their intent; each works as a plain form post and, with JavaScript, without a reload.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import {
  data,
  Form,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/settings";
import type { loader as rootLoader } from "#app/root.tsx";
import { FieldErrors, FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import type { z } from "zod";
import {
  ChangePasswordFormSchema,
  DisplayNameSchema,
  ThemeSchema,
  type Profile,
  type SessionsEnded,
} from "#shared/contract/profile.ts";
import { DISPLAY_NAME_MAX } from "#shared/contract/profile-limits.ts";
import { apiGetOrThrow, apiRequest, fieldErrorsOf, type ApiErrorBody } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { THEME_FORM, THEME_FORM_SAVE, THEME_FORM_STATUS } from "#app/enhance/markup.ts";
import { applyTheme, isTheme, THEME_STORAGE_KEY, THEMES, type Theme } from "#app/utils/theme.ts";
import { serializeThemeCookie } from "#app/utils/theme.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm } from "#app/utils/use-deferred-zod-form.ts";
import { declaredAction, formFields, textFields } from "#app/utils/form-fields.ts";

const SETTINGS_PATH = "/profile/me/settings";
const INTENTS = ["theme", "name", "password", "sign-out-others"] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ context }: Route.LoaderArgs) {
  return {
    profile: await apiGetOrThrow<Profile>(context, "/user/profile"),
    constraints: {
      theme: getZodConstraint(ThemeSchema),
      name: getZodConstraint(DisplayNameSchema),
      password: getZodConstraint(ChangePasswordFormSchema),
    },
  };
}

/** The browser's copies of the action's checks, loaded after the page (see useDeferredZodForm). */
const loadSchemas = () => import("#shared/contract/profile.ts");
const loadThemeCheck = deferredZodCheck(loadSchemas, (schemas) => schemas.ThemeSchema);
const loadNameCheck = deferredZodCheck(loadSchemas, (schemas) => schemas.DisplayNameSchema);
const loadPasswordCheck = deferredZodCheck(loadSchemas, (schemas) => schemas.ChangePasswordFormSchema);

function useConstraints() {
  return useLoaderData<typeof loader>().constraints;
}

type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

function failure(intent: Intent, result: SubmissionResult<string[]>, status: number) {
  return data<ActionResult>({ intent, result }, { status });
}

const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const action = declaredAction(
  formFields(ThemeSchema, DisplayNameSchema, ChangePasswordFormSchema, textFields("intent", "username")),
  async ({ request, context }: Route.ActionArgs) => {
    const formData = await request.formData();
    const intent = formData.get("intent");

    if (intent === "theme") {
      const submission = parseWithZod(formData, { schema: ThemeSchema });
      if (submission.status !== "success") return failure("theme", submission.reply(), 400);
      const cookie = await serializeThemeCookie(submission.value.theme);
      return redirectWithSuccess(SETTINGS_PATH, `Theme: ${THEME_LABELS[submission.value.theme]}.`, {
        headers: { "Set-Cookie": cookie },
      });
    }

    if (intent === "name") {
      const submission = parseWithZod(formData, { schema: DisplayNameSchema });
      if (submission.status !== "success") return failure("name", submission.reply(), 400);
      const result = await apiRequest<Profile>(context, "/user/update", {
        body: { name: submission.value.name ?? "" },
      });
      if (!result.ok) return failure("name", replyWithApiError(submission.reply, result.error), result.status);
      return redirectWithSuccess(
        SETTINGS_PATH,
        result.data.name ? "Display name saved." : "Display name cleared: your email is shown instead.",
      );
    }

    if (intent === "password") {
      const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema });
      const hideFields = ["current_password", "new_password", "confirm_password"];
      if (submission.status !== "success") return failure("password", submission.reply({ hideFields }), 400);
      const { current_password, new_password } = submission.value;
      const result = await apiRequest<SessionsEnded>(context, "/user/password", {
        body: { current_password, new_password },
      });
      if (!result.ok) {
        return failure(
          "password",
          replyWithApiError((options) => submission.reply({ ...options, hideFields }), result.error),
          result.status,
        );
      }
      const ended = result.data.signed_out_sessions;
      return redirectWithSuccess(
        SETTINGS_PATH,
        `Password changed.${ended > 0 ? ` Signed out of ${plural(ended, "other session")}.` : ""}`,
      );
    }

    if (intent === "sign-out-others") {
      const result = await apiRequest<SessionsEnded>(context, "/user/sessions/sign-out-others", {
        method: "POST",
      });
      if (!result.ok)
        return failure("sign-out-others", { status: "error", error: { "": [result.error.detail] } }, result.status);
      const ended = result.data.signed_out_sessions;
      return redirectWithSuccess(
        SETTINGS_PATH,
        ended > 0 ? `Signed out of ${plural(ended, "other session")}.` : "There were no other sessions.",
      );
    }

    return data({ detail: "Unknown action." }, { status: 400 });
  },
);

/** /api's field errors next to their fields; anything else above the form's button. */
function replyWithApiError(
  reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>,
  error: ApiErrorBody,
) {
  const fieldErrors = fieldErrorsOf(error);
  return Object.keys(fieldErrors).length > 0 ? reply({ fieldErrors }) : reply({ formErrors: [error.detail] });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Settings", noIndex: true });

/** The action's result for one form only: four forms share the page's action. */
function useLastResult(intent: Intent): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<typeof action>();
  return actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
}

function usePending(intent: Intent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const location = useLocation();
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="page-title">Settings</h1>
      <ThemeSettings />
      {/* Keyed by location: after a successful post (redirect) the forms start empty again. */}
      <DisplayNameForm key={`name-${location.key}`} name={profile.name} email={profile.email} />
      <PasswordForm key={`password-${location.key}`} email={profile.email} />
      <SessionsForm otherSessions={profile.other_sessions} />
    </section>
  );
}

function ThemeSettings() {
  const cookieTheme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const [theme, setTheme] = useState<Theme>(cookieTheme);
  const [hydrated, setHydrated] = useState(false);
  const fetcher = useFetcher();
  const lastResult = useLastResult("theme");
  const [form, fields] = useDeferredZodForm<z.input<typeof ThemeSchema>, z.output<typeof ThemeSchema>>(
    loadThemeCheck,
    useConstraints().theme,
    {
      id: "settings-theme",
      lastResult,
    },
  );
  useEffect(() => {
    setHydrated(true);
    // With JavaScript the choice lives in local storage (it wins over the cookie, see theme.ts).
    try {
      const stored = localStorage.getItem(THEME_STORAGE_KEY);
      if (isTheme(stored)) setTheme(stored);
    } catch {
      // Storage refused: the cookie's value stays.
    }
  }, []);
  const pending = usePending("theme") || fetcher.state !== "idle";
  return (
    <Form method="post" {...getFormProps(form)} className="card" {...{ [THEME_FORM]: "" }}>
      <fieldset>
        <legend className="mb-2 text-lg font-semibold">Theme</legend>
        <div className="flex flex-wrap gap-4">
          {THEMES.map((value) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={fields.theme.name}
                value={value}
                checked={theme === value}
                onChange={() => {
                  setTheme(value);
                  applyTheme(value);
                  // Keep the cookie in step, so pages rendered on the server match at once.
                  void fetcher.submit({ intent: "theme", theme: value }, { method: "post", action: SETTINGS_PATH });
                }}
              />
              {THEME_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.theme.errorId} errors={fields.theme.errors} />
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          System follows your device&apos;s light or dark setting.
        </p>
      </fieldset>
      {hydrated ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {pending ? "Saving..." : "Saved as you choose."}
        </p>
      ) : (
        <>
          {/* Without React, app/enhance/enhance.ts swaps the button for this status when it can save by itself. */}
          <p
            className="mt-3 text-sm text-zinc-600 dark:text-zinc-400"
            aria-live="polite"
            hidden
            {...{ [THEME_FORM_STATUS]: "" }}
          >
            Saved as you choose.
          </p>
          <button type="submit" name="intent" value="theme" className="btn mt-3" {...{ [THEME_FORM_SAVE]: "" }}>
            Save theme
          </button>
        </>
      )}
    </Form>
  );
}

function DisplayNameForm({ name, email }: { name: string | null; email: string }) {
  const lastResult = useLastResult("name");
  const [form, fields] = useDeferredZodForm<z.input<typeof DisplayNameSchema>, z.output<typeof DisplayNameSchema>>(
    loadNameCheck,
    useConstraints().name,
    {
      id: "settings-name",
      lastResult,
      defaultValue: { name: name ?? "" },
      // Not on blur: an error appearing as the field loses focus moves the button away from a click in progress.
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    },
  );
  const pending = usePending("name");
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3">
      <h2 className="text-lg font-semibold">Display name</h2>
      <InputField
        field={fields.name}
        label="Name"
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX}
        hint={<>Shown in the header and on your profile. Leave empty to show {email}.</>}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent="name" busy={pending} busyLabel="Saving...">
        Save name
      </SubmitButton>
    </Form>
  );
}

function PasswordForm({ email }: { email: string }) {
  const lastResult = useLastResult("password");
  const [form, fields] = useDeferredZodForm<
    z.input<typeof ChangePasswordFormSchema>,
    z.output<typeof ChangePasswordFormSchema>
  >(loadPasswordCheck, useConstraints().password, {
    id: "settings-password",
    lastResult,
    // Not on blur: an error appearing as the field loses focus moves the button away from a click in progress.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = usePending("password");
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3">
      <h2 className="text-lg font-semibold">Change password</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Your other sessions end when the password changes; this one stays signed in.
      </p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <InputField
        field={fields.current_password}
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <InputField field={fields.new_password} label="New password" type="password" autoComplete="new-password" />
      <InputField
        field={fields.confirm_password}
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent="password" busy={pending} busyLabel="Changing...">
        Change password
      </SubmitButton>
    </Form>
  );
}

function SessionsForm({ otherSessions }: { otherSessions: number }) {
  const lastResult = useLastResult("sign-out-others");
  const [form] = useDeferredZodForm(null, undefined, { id: "settings-sessions", lastResult });
  const pending = usePending("sign-out-others");
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3">
      <h2 className="text-lg font-semibold">Sessions</h2>
      <p className="text-sm">
        {otherSessions === 0
          ? "You are not signed in anywhere else."
          : `You are also signed in ` +
            `${otherSessions === 1 ? "in one other place" : `in ${otherSessions} other places`} ` +
            `(other browsers or devices).`}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="sign-out-others" className="btn btn-danger" disabled={pending}>
        {pending ? "Signing out..." : "Sign out of all other sessions"}
      </button>
    </Form>
  );
}
