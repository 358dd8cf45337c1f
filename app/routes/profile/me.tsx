// /profile/me/: the signed-in user's own profile (the signed-in layout sends visitors to sign-in).
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/me";
import { Time } from "#app/components/time.tsx";
import { apiGetOrThrow } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import type { Profile } from "#shared/contract/profile.ts";
import { displayName, initials } from "#shared/user.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { profile: await apiGetOrThrow<Profile>(context, "/user/profile") };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Profile", noIndex: true });

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const name = displayName(profile);
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="page-title">Profile</h1>
      <div className="card">
        <div className="mb-4 flex items-center gap-4">
          <Avatar avatar={profile.avatar} name={name} initials={initials(profile)} />
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold">{name}</p>
            <p className="truncate text-zinc-700 dark:text-zinc-300">{profile.email}</p>
          </div>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">Display name</dt>
          <dd>
            {profile.name ?? <span className="text-zinc-600 dark:text-zinc-400">Not set (your email is shown)</span>}
          </dd>
          <dt className="font-medium">Email</dt>
          <dd>
            {profile.email}{" "}
            {profile.email_verified ? <span className="text-green-700 dark:text-green-400">(verified)</span> : null}
          </dd>
          <dt className="font-medium">Roles</dt>
          <dd>
            {profile.roles.length > 0 ? (
              <ul className="flex flex-wrap gap-1">
                {profile.roles.map((role) => (
                  <li key={role} className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">
                    {role}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">None</span>
            )}
          </dd>
          <dt className="font-medium">Member since</dt>
          <dd>
            <Time value={profile.created_at} />
          </dd>
          <dt className="font-medium">Last sign-in</dt>
          <dd>
            <Time value={profile.last_login_time} />
            {profile.last_login_ip ? (
              <span className="text-zinc-600 dark:text-zinc-400"> from {profile.last_login_ip}</span>
            ) : null}
          </dd>
          <dt className="font-medium">Other sessions</dt>
          <dd>{profile.other_sessions === 0 ? "None" : `${profile.other_sessions} signed in elsewhere`}</dd>
        </dl>
        <p className="mt-6">
          <Link to="/profile/me/settings" className="btn">
            Settings
          </Link>
        </p>
      </div>
    </section>
  );
}

/** The avatar image when it is a web address, else the initials (of the first two words of the display name). */
function Avatar({ avatar, name, initials }: { avatar: string | null; name: string; initials: string }) {
  const className = "size-16 shrink-0 rounded-full";
  if (avatar && /^https:\/\//i.test(avatar)) {
    return (
      <img
        src={avatar}
        alt={`Avatar of ${name}`}
        className={`${className} object-cover`}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={
        `${className} inline-flex items-center justify-center bg-blue-700 ` +
        `text-xl font-bold text-white dark:bg-blue-600`
      }
    >
      {initials}
    </span>
  );
}
