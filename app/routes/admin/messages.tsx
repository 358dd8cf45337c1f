// /admin/common/messages/: contact messages for administrators: read, mark handled (or open again), delete,
// and send the owner's notifications that are still unsent.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/messages";
import { Pager } from "#app/components/admin/pager.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Time } from "#app/components/time.tsx";
import {
  ContactMessageHandledFormSchema,
  ContactMessageIdSchema,
  type ContactMessage,
  type ContactMessagePage,
  type ContactNotifyResult,
} from "#shared/contract/contact.ts";
import { apiGetOrThrow, apiRequest } from "#app/utils/api.server.ts";
import { failureToast } from "#app/utils/api-feedback.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { confirmDeleteQuestion, heldUndoOffer, restoreHeldAction, DELETE_BUTTON_FIELDS } from "./actions.server";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
  { value: "unsent", label: "Not yet notified" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];
const PAGE_SIZE = 50;

function readFilter(value: string | null): Filter {
  return FILTERS.some((filter) => filter.value === value) ? (value as Filter) : "all";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = readFilter(url.searchParams.get("filter"));
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const result = await apiGetOrThrow<ContactMessagePage>(
    context,
    `/v1/admin/site/contact/messages?filter=${filter}&page=${page}&page_size=${PAGE_SIZE}`,
  );
  return { ...result, filter };
}

/** Back to the list the administrator was looking at. */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  return `${ADMIN_PATHS.messages}${url.search}`;
}

export const action = declaredAction(
  formFields(ContactMessageHandledFormSchema, ContactMessageIdSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const formData = await request.formData();
    const intent = formData.get("intent");

    if (intent === "handled") {
      const submission = parseWithZod(formData, { schema: ContactMessageHandledFormSchema });
      if (submission.status !== "success") return data({ detail: "Invalid request." }, { status: 400 });
      const { id, handled } = submission.value;
      const result = await apiRequest(context, `/v1/admin/site/contact/messages/${encodeURIComponent(id)}`, {
        body: { handled },
      });
      if (!result.ok) return failureToast({ detail: result.error.detail }, result.error);
      return redirectWithSuccess(listUrl(request), handled ? "Marked handled." : "Marked open.");
    }

    if (intent === "delete") return confirmDeleteQuestion(formData, {});

    if (intent === "confirm-delete") {
      const submission = parseWithZod(formData, { schema: ContactMessageIdSchema });
      if (submission.status !== "success") return data({ detail: "Invalid request." }, { status: 400 });
      const result = await apiRequest(
        context,
        `/v1/admin/site/contact/messages/${encodeURIComponent(submission.value.id)}`,
        { method: "DELETE" },
      );
      if (!result.ok) return failureToast({ detail: result.error.detail }, result.error);
      // Undo brings the message back from the server's hold, with its sender, date and handled state.
      const undo = heldUndoOffer(formData, result.data, "Message deleted.");
      if (undo) return data({ undo });
      return redirectWithSuccess(listUrl(request), "Message deleted.");
    }

    if (intent === "restore") {
      return restoreHeldAction(context, formData, {
        redirectTo: listUrl(request),
        failed: { detail: "The message was not restored." },
      });
    }

    if (intent === "notify") {
      const result = await apiRequest<ContactNotifyResult>(context, "/v1/admin/site/contact/notify", {
        method: "POST",
      });
      if (!result.ok) return failureToast({ detail: result.error.detail }, result.error);
      const { sent, error, unsent } = result.data;
      if (error) {
        const detail = `Sent ${sent}; ${unsent} still unsent: ${error}`;
        return failureToast({ detail }, { detail, status_code: 502, errors: [] });
      }
      return redirectWithSuccess(
        listUrl(request),
        sent > 0 ? `Sent ${sent} notification${sent === 1 ? "" : "s"}.` : "Nothing was waiting to be sent.",
      );
    }

    return data({ detail: "Unknown action." }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Contact messages", noIndex: true });

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, count, open, unsent, page, page_size, mail, filter } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const notifying = navigation.state === "submitting" && navigation.formData?.get("intent") === "notify";
  // Without JavaScript there is no toast: a failed action shows here.
  const failed = useActionData<typeof action>();
  return (
    <section>
      <h1 className="page-title">Admin: Contact messages</h1>
      <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
        {open} open · {unsent} not yet notified
      </p>

      <ErrorAlert message={failed && "detail" in failed ? failed.detail : null} />
      {/* A mail problem can name a long URL (smtp://user:password@host:587): it wraps on a phone instead of
          widening the page. */}
      <div
        className={`mb-4 rounded-md border px-4 py-3 text-sm [overflow-wrap:anywhere] ${
          mail.configured
            ? "border-zinc-200 dark:border-zinc-800"
            : "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
        }`}
      >
        {mail.configured ? (
          <p>
            New messages are mailed to <strong>{mail.recipient}</strong> through {mail.transport}.
          </p>
        ) : (
          <p>
            <strong>The owner is not notified by mail:</strong> {mail.problem} Messages are kept here and mailed once
            sending works.
          </p>
        )}
        {unsent > 0 ? (
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="notify" className="btn" disabled={notifying}>
              {notifying ? "Sending..." : `Send ${unsent} unsent notification${unsent === 1 ? "" : "s"} now`}
            </button>
          </Form>
        ) : null}
      </div>

      <nav aria-label="Filter messages" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <Link
            key={option.value}
            to={option.value === "all" ? location.pathname : `${location.pathname}?filter=${option.value}`}
            aria-current={filter === option.value ? "page" : undefined}
            className={`btn ${filter === option.value ? "btn-primary" : ""}`}
          >
            {option.label}
          </Link>
        ))}
      </nav>

      {messages.length === 0 ? (
        <p className="text-zinc-700 dark:text-zinc-300">No messages{filter === "all" ? " yet" : " here"}.</p>
      ) : (
        <ol className="space-y-4" aria-label={`Messages (${count})`}>
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={page_size} total={count} label="Message pages" />
    </section>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  // Shown at once with JavaScript; the list reloads after the post anyway.
  const handled = busy && fetcher.formData ? fetcher.formData.get("handled") === "true" : message.handled;
  const headingId = `message-${message.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className={`card [overflow-wrap:anywhere] ${handled ? "opacity-75" : ""}`}>
        <header className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id={headingId} className="font-semibold">
            {message.name}
          </h2>
          <a href={`mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}`} className="text-sm">
            {message.email}
          </a>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            <Time value={message.created_at} />
            {message.client_ip ? ` · from ${message.client_ip}` : null}
          </span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              handled
                ? "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
                : "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200"
            }`}
          >
            {handled ? "Handled" : "Open"}
          </span>
        </header>
        <p className="text-sm whitespace-pre-wrap">{message.message}</p>
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {message.notified_at ? (
            <>
              Owner notified <Time value={message.notified_at} />
            </>
          ) : (
            <span className="text-amber-800 dark:text-amber-300">
              Owner not notified yet
              {message.notify_attempts > 0
                ? ` (${message.notify_attempts} attempt${message.notify_attempts === 1 ? "" : "s"})`
                : ""}
              {message.last_notify_error ? `: ${message.last_notify_error}` : "."}
            </span>
          )}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="handled" value={handled ? "false" : "true"} />
            <button
              type="submit"
              name="intent"
              value="handled"
              className="btn min-h-8 px-2 py-1 text-xs"
              disabled={busy}
            >
              {handled ? "Mark open" : "Mark handled"}
            </button>
          </fetcher.Form>
          <DeleteButton id={message.id} accessibleLabel={`Delete the message from ${message.name}`} />
        </div>
      </article>
    </li>
  );
}
