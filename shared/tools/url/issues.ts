// A problem found at a spot of the input, named by its sequence and position.
import { positionAt } from "../text-position";

export interface UrlIssue {
  /** The offending text as written, such as "%zz", "%" or "%E2%82". */
  sequence: string;
  message: string;
  hint?: string;
  line: number;
  column: number;
  /** "position 7" for one-line input, "line 2, column 7" otherwise. */
  where: string;
}

export function issueAt(
  text: string,
  offset: number,
  sequence: string,
  message: string,
  hint?: string,
  lineOffset = 0,
): UrlIssue {
  const { line, column } = positionAt(text, offset);
  const multiline = lineOffset > 0 || /[\r\n]/.test(text);
  const absoluteLine = line + lineOffset;
  return {
    sequence,
    message,
    hint,
    line: absoluteLine,
    column,
    where: multiline ? `line ${absoluteLine}, column ${column}` : `position ${column}`,
  };
}
