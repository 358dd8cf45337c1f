import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/contact";
import { FormErrors, InputField, SubmitButton, TextareaField } from "#app/components/field.tsx";
import { ContactSchema } from "#shared/contract/contact.ts";
import { CONTACT_HONEYPOT_FIELD } from "#shared/contract/contact-honeypot.ts";
import type { Ok } from "#shared/contract/ok.ts";
import { apiRequest, fieldErrorsOf } from "#app/utils/api.server.ts";
import { deferredZodCheck, useDeferredZodForm } from "#app/utils/use-deferred-zod-form.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const SUCCESS_MESSAGE = "Message sent successfully!";

/** The browser's copy of the action's check, loaded after the page (see useDeferredZodForm). */
const loadContactCheck = deferredZodCheck(
  () => import("#shared/contract/contact.ts"),
  (schemas) => schemas.ContactSchema,
);

export function loader() {
  return { constraint: getZodConstraint(ContactSchema) };
}

export const action = declaredAction(formFields(ContactSchema), async ({ request, context }: Route.ActionArgs) => {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await apiRequest<Ok>(context, "/v1/site/contact", { body: submission.value });
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    const reply =
      Object.keys(fieldErrors).length > 0
        ? submission.reply({ fieldErrors })
        : submission.reply({ formErrors: [result.error.detail] });
    return data(reply, { status: result.status });
  }
  // Post/redirect/get: ?sent=1 shows the success message without JavaScript, and a reload does not post again.
  return redirectWithSuccess("/contact?sent=1", SUCCESS_MESSAGE);
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: "Send the people behind the site a message: questions, corrections, reports.",
  });

export default function Contact() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const sent = searchParams.get("sent") === "1";
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="page-title">Contact Us</h1>
      <p className="mb-6 text-zinc-700 dark:text-zinc-300">
        Questions about a report, a correction, or anything else: write to us and we will answer by email.
      </p>
      {/* A new key after each successful post: the form starts empty again. */}
      <ContactForm key={sent ? location.key : "contact"} sent={sent} />
    </section>
  );
}

function ContactForm({ sent }: { sent: boolean }) {
  const lastResult = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields] = useDeferredZodForm<z.input<typeof ContactSchema>, z.output<typeof ContactSchema>>(
    loadContactCheck,
    constraint,
    {
      id: "contact",
      lastResult,
      // Not on blur: an error appearing as the field loses focus moves the button away from a click in progress.
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    },
  );
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="card space-y-4">
      {sent && !lastResult ? (
        <p
          role="status"
          className={
            "rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-800 " +
            "dark:border-green-800 dark:bg-green-950 dark:text-green-300"
          }
        >
          {SUCCESS_MESSAGE}
        </p>
      ) : null}
      <InputField field={fields.name} label="Name" autoComplete="name" />
      <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextareaField field={fields.message} label="Message" rows={8} />
      {/* The honeypot: off screen and out of the tab order, so only a bot fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton busy={submitting} busyLabel="Submitting...">
        Submit
      </SubmitButton>
    </Form>
  );
}
