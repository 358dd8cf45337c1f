// How deeply markdown nests, estimated in one pass without parsing it. marked recurses once per level of
// blockquotes, lists and emphasis: a few thousand levels overflow the call stack, and a few hundred already cost
// seconds. Real documents nest a handful of levels; past the limit the text is refused where it is saved and shown
// as plain text where it is rendered.

/** Deepest nesting of blockquotes and lists on one line, and of open emphasis in one paragraph. */
export const MARKDOWN_MAX_NESTING = 50;

/**
 * Most emphasis marks (runs of * or _) in one paragraph, and in the whole text. marked pairs them with a search per
 * mark, so a paragraph costs about the square of its marks (`*a` 99,500 times took 5.7–7.9 s) and each mark that
 * pairs with none costs far more than text. This project's README has 178 marks in 28,000 characters.
 */
export const MARKDOWN_MAX_EMPHASIS_MARKS = 500;
export const MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL = 10_000;

const SPACE = 32;
const TAB = 9;
const GREATER = 62;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB || Number.isNaN(code);
}

/** Blockquote and list markers at the start of a line, with every two columns of indentation as a level. */
function lineNesting(line: string): number {
  let level = 0;
  let columns = 0;
  let i = 0;
  for (;;) {
    const code = line.charCodeAt(i);
    if (code === SPACE) columns++;
    else if (code === TAB) columns += 4;
    else if (code === GREATER || ((code === 45 || code === 42 || code === 43) && isBlank(line.charCodeAt(i + 1)))) {
      level++;
      // The one space after a marker belongs to it, not to the indentation.
      if (line.charCodeAt(i + 1) === SPACE) i++;
    } else if (code >= DIGIT_0 && code <= DIGIT_9) {
      let j = i;
      while (j - i < 9 && line.charCodeAt(j) >= DIGIT_0 && line.charCodeAt(j) <= DIGIT_9) j++;
      const after = line.charCodeAt(j);
      if ((after !== 46 && after !== 41) || !isBlank(line.charCodeAt(j + 1))) break;
      level++;
      i = line.charCodeAt(j + 1) === SPACE ? j + 1 : j;
    } else break;
    i++;
  }
  return level + Math.floor(columns / 2);
}

/**
 * Emphasis runs (* _ ~) that open (a space or the line's start before, text after) add their length; runs that
 * close (text before, a space or the end after) take it back. The most open at once is the nesting.
 */
function emphasisNesting(line: string, open: number, deepest: { value: number }): number {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code !== 42 && code !== 95 && code !== 126) continue;
    let end = i;
    while (line.charCodeAt(end) === code) end++;
    const before = i === 0 ? SPACE : line.charCodeAt(i - 1);
    const after = line.charCodeAt(end);
    const opens = isBlank(before) && !isBlank(after);
    const closes = !isBlank(before) && isBlank(after);
    if (opens) open += end - i;
    else if (closes) open = Math.max(0, open - (end - i));
    if (open > deepest.value) deepest.value = open;
    i = end - 1;
  }
  return open;
}

/** Runs of * or _ on the line that are not escaped with a backslash. */
function emphasisMarks(line: string): number {
  let marks = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === 92) {
      i++;
      continue;
    }
    if (code !== 42 && code !== 95) continue;
    marks++;
    while (line.charCodeAt(i + 1) === code) i++;
  }
  return marks;
}

/** Why the markdown nests too deeply or costs too much to render, naming the limit, or null. */
export function markdownNestingProblem(markdown: string): string | null {
  const limit = MARKDOWN_MAX_NESTING;
  const deepest = { value: 0 };
  let open = 0;
  let inFence = false;
  let lineNumber = 0;
  // A blank line ends every paragraph, so counting between blank lines bounds any one paragraph's marks.
  let paragraphLine = 0;
  let paragraphMarks = 0;
  let totalMarks = 0;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    lineNumber++;
    const trimmed = line.trimStart();
    if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
      inFence = !inFence;
      paragraphMarks = 0;
      continue;
    }
    if (inFence) continue;
    if (trimmed === "") {
      open = 0;
      paragraphMarks = 0;
      continue;
    }
    if (paragraphMarks === 0) paragraphLine = lineNumber;
    const marks = emphasisMarks(line);
    paragraphMarks += marks;
    totalMarks += marks;
    if (paragraphMarks > MARKDOWN_MAX_EMPHASIS_MARKS) {
      const most = MARKDOWN_MAX_EMPHASIS_MARKS.toLocaleString("en");
      return (
        `The paragraph at line ${paragraphLine} has more than ${most} emphasis marks (* and _); ` +
        `the limit is ${most} per paragraph.`
      );
    }
    if (totalMarks > MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL) {
      const most = MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL.toLocaleString("en");
      return `The text has more than ${most} emphasis marks (* and _) by line ${lineNumber}; the limit is ${most}.`;
    }
    if (lineNesting(line) > limit) {
      return (
        `Line ${lineNumber} nests blockquotes, lists or indentation more ` +
        `than ${limit} levels deep; the limit is ${limit}.`
      );
    }
    open = emphasisNesting(line, open, deepest);
    if (deepest.value > limit) {
      return `Line ${lineNumber} opens emphasis (* _ ~) more than ${limit} levels deep; the limit is ${limit}.`;
    }
  }
  return null;
}

/** For a zod string schema's superRefine: refuses markdown nested past the limit, with the reason. */
export function refuseDeepMarkdown(
  markdown: string,
  ctx: { addIssue: (issue: { code: "custom"; message: string }) => void },
): void {
  const problem = markdownNestingProblem(markdown);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}
