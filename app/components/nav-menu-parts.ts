// What both forms of the header menu share (nav-menu.tsx and the lazily loaded nav-menu-headless.tsx): its entries
// and its looks.
export interface NavMenuEntry {
  label: string;
  to: string;
  /** Submit a POST form to `to` instead of following a link (state changes never use GET). */
  post?: boolean;
}

export const itemClass =
  "block w-full rounded px-3 py-2 text-left text-sm text-zinc-900 no-underline hover:bg-zinc-100 " +
  "hover:no-underline focus-visible:bg-zinc-100 data-focus:bg-zinc-100 dark:text-zinc-100 " +
  "dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800 dark:data-focus:bg-zinc-800";
export const panelClass =
  "absolute right-0 z-20 mt-2 min-w-52 rounded-md border border-zinc-200 bg-white p-1 shadow-lg " +
  "dark:border-zinc-700 dark:bg-zinc-900";
export const buttonClass =
  "inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded px-2 py-1.5 text-sm font-medium " +
  "hover:bg-zinc-100 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden";
