import { Outlet } from "react-router";

export default function MinimalLayout() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <Outlet />
    </main>
  );
}
