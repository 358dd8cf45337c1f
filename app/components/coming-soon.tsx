// Placeholder body for a page whose feature has not landed yet: says so plainly, never fakes a result.
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">This page is coming soon.</p>
    </section>
  );
}
