// The formatted text as the output box shows it. Chromium lays out a textarea's whole text before painting it, in
// time that grows with its length, so megabytes freeze the tab (docs/performance.md). Above the limit the box shows
// the first part, cut at a line end, and Copy and Download give the whole text.
import { formatByteSize } from "../text-size.ts";

/** Characters of formatted JSON the output box shows at most: about 750 lines, laid out without a visible pause. */
export const OUTPUT_PREVIEW_CHARS = 32 * 1024;

export interface OutputPreview {
  text: string;
  /** The box shows less than the whole output. */
  cut: boolean;
}

export function outputPreview(output: string, limit = OUTPUT_PREVIEW_CHARS): OutputPreview {
  if (output.length <= limit) return { text: output, cut: false };
  const lineEnd = output.lastIndexOf("\n", limit);
  return { text: output.slice(0, lineEnd > 0 ? lineEnd : limit), cut: true };
}

/** What the note under a cut output box says. */
export function previewNote(previewText: string, outputBytes: number, wholeTextHere: boolean): string {
  const shown = formatByteSize(new TextEncoder().encode(previewText).length);
  const whole = formatByteSize(outputBytes);
  return (
    `The box shows the first ${shown} of ${whole}, so the page stays quick. ` +
    `${wholeTextHere ? "Copy and Download" : "Download"} give${wholeTextHere ? "" : "s"} all of ` +
    `it.`
  );
}
