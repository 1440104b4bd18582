import type { ReactNode } from "react";

/**
 * A list with nothing in it yet: an icon in a circle, a heading and what to do about it, in a dashed box. `level`:
 * the heading's level in the page's outline.
 */
export function EmptyState({
  icon,
  title,
  level = 2,
  children,
}: {
  icon: ReactNode;
  title: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-12 text-center">
      <div className="mb-4 flex size-10 items-center justify-center rounded-full border bg-muted text-muted-foreground [&>svg]:size-5">
        {icon}
      </div>
      <Heading className="font-semibold">{title}</Heading>
      {children}
    </div>
  );
}
