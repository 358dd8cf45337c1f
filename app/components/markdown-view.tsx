// Shows HTML from renderMarkdown (shared/markdown.ts) with readable typography. Only ever pass it that
// renderer's output: it is inserted as HTML.
const proseClass = [
  "max-w-none leading-relaxed text-zinc-800 dark:text-zinc-200",
  "[&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_h1,&_h2,&_h3,&_h4]:scroll-mt-4",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-4 " +
    "[&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-700 dark:[&_blockquote]:text-zinc-400",
  "[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm dark:[&_code]:bg-zinc-800",
  "[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-zinc-100 [&_pre]:p-3 " +
    "dark:[&_pre]:bg-zinc-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:my-3 [&_table]:border-collapse [&_td]:border [&_td]:border-zinc-300 [&_td]:px-2 [&_td]:py-1 " +
    "[&_th]:border [&_th]:border-zinc-300 [&_th]:px-2 [&_th]:py-1 dark:[&_td]:border-zinc-700 " +
    "dark:[&_th]:border-zinc-700",
  "[&_hr]:my-6 [&_hr]:border-zinc-200 dark:[&_hr]:border-zinc-800 [&_img]:max-w-full",
  "[overflow-wrap:anywhere]",
].join(" ");

export function MarkdownView({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${proseClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
