// An admin page's form in a card, headed by what it does ("New tag", "Edit SPARK_API"); the heading names the
// section for screen readers.
import type { ReactNode } from "react";

export function FormCard({
  id,
  titleId,
  title,
  children,
}: {
  id?: string;
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className="card mb-6">
      <h2 id={titleId} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
