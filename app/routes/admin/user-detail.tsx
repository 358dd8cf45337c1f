import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/user-detail";
import { DataTable } from "#app/components/data-table.tsx";
import { GenericErrorView } from "#app/components/error-views.tsx";
import { Time } from "#app/components/time.tsx";
import { apiGetOrThrow } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { inlineIconClass } from "#app/components/icons.ts";
import type { UserDetailResponse } from "#shared/contract/users.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return apiGetOrThrow<UserDetailResponse>(context, `/v1/admin/auth/users/${encodeURIComponent(params.userId)}`);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `User ${args.loaderData?.item.user.email ?? ""}`.trim(), noIndex: true });

export default function UserDetail({ loaderData }: Route.ComponentProps) {
  const { item, sessions } = loaderData;
  const { user } = item;
  const facts: [string, React.ReactNode][] = [
    ["id", <code key="id">{user.id}</code>],
    ["Number", item.spark_user.num_id],
    ["Email", user.email],
    ["Name", user.first_name ?? "—"],
    ["Email verified", user.email_verified ? "Y" : "N"],
    ["Admin", user.is_superuser ? "Y" : "N"],
    ["Entitlements", user.entitlements.length ? user.entitlements.join(", ") : "—"],
    ["Firebase uid", user.firebase_uid ?? "—"],
    ["Last login", <Time key="login" value={user.last_login_time} />],
    ["Last login IP", user.last_login_ip ?? "—"],
    ["Created", <Time key="created" value={user.created_at} />],
  ];
  return (
    <section>
      <p className="mb-4">
        <Link to={ADMIN_PATHS.users}>
          <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All users
        </Link>
      </p>
      <h1 className="page-title">User {user.email}</h1>
      <dl className="card mb-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-6">
        <Link to={ADMIN_PATHS.changePassword(user.id)} className="btn">
          Change PWD
        </Link>
      </p>

      <h2 className="mb-2 text-lg font-semibold">Accounts</h2>
      <DataTable
        label="Accounts"
        className="mb-6"
        columns={["ID", "Provider", "Provider account ID", "Email", "Verified"]}
        rows={item.accounts}
        empty="No accounts."
      >
        {(account) => (
          <tr key={account.id}>
            <td>
              <code className="text-xs">{account.id}</code>
            </td>
            <td>{account.provider}</td>
            <td>{account.providerAccountId}</td>
            <td>{account.email ?? "—"}</td>
            <td>{account.email_verified ? "Y" : "N"}</td>
          </tr>
        )}
      </DataTable>

      <h2 className="mb-2 text-lg font-semibold">Sessions</h2>
      <DataTable
        label="Sessions"
        columns={["Device ID", "IP address", "Browser", "Last seen", "Expires", "Created"]}
        rows={sessions}
        empty="No live sessions."
      >
        {(session) => (
          <tr key={session.id}>
            <td>
              <code className="text-xs">{session.did}</code>
            </td>
            <td>{session.ip ?? "—"}</td>
            <td className="max-w-64 truncate" title={session.user_agent ?? undefined}>
              {session.user_agent ?? "—"}
            </td>
            <td>
              <Time value={session.last_seen_at} />
            </td>
            <td>
              <Time value={session.expires} />
            </td>
            <td>
              <Time value={session.created_at} />
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GenericErrorView error={error} />;
}
