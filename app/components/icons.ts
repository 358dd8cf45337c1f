// The site's icons are Lucide's SVGs (lucide-react), drawn with currentColor so they follow the text and the theme.
// Each component imports an icon from its own module ("lucide-react/icons/copy"), so a page's bundle holds only the
// icons its components render. Text glyphs such as ⧉ or ☾ were missing from common Linux fonts (empty boxes).

/** The size and alignment of an icon next to text of the same line. */
export const inlineIconClass = "inline-block size-4 shrink-0 align-[-0.125em]";
