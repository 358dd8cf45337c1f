import { Link } from "react-router";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Check your email", description: "Check your email for a sign-in link.", noIndex: true });

export default function VerifyRequest() {
  return (
    <div className="card">
      <h1 className="page-title">Check your email</h1>
      <p>A sign-in link has been sent to your email address. Open it on this device to continue.</p>
      <p className="mt-4 text-sm">
        <Link to="/account/login">Back to sign-in</Link>
      </p>
    </div>
  );
}
