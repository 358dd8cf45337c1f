// The site's icons: Lucide's SVGs (drawn with currentColor, so they follow the text and the theme), each imported
// from its own module so that a bundle holds only the icons it renders. Text glyphs such as ⧉ or ☾ were missing from
// common Linux fonts and showed as empty boxes.
export { default as ArrowLeftIcon } from "lucide-react/icons/arrow-left";
export { default as ArrowRightIcon } from "lucide-react/icons/arrow-right";
export { default as CheckIcon } from "lucide-react/icons/check";
export { default as ChevronDownIcon } from "lucide-react/icons/chevron-down";
export { default as CopyIcon } from "lucide-react/icons/copy";
export { default as MenuIcon } from "lucide-react/icons/menu";
export { default as MoonIcon } from "lucide-react/icons/moon";
export { default as SunIcon } from "lucide-react/icons/sun";
export { default as SunMoonIcon } from "lucide-react/icons/sun-moon";
export { default as XIcon } from "lucide-react/icons/x";

/** The size and alignment of an icon next to text of the same line. */
export const inlineIconClass = "inline-block size-4 shrink-0 align-[-0.125em]";
