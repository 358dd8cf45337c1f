// Nesting depth and value count of JSON text, checked before anything parses it. JavaScript's own walks over a
// parsed value (JSON.stringify, the database driver, React) recurse, so a value nested a few thousand levels deep
// ends in "Maximum call stack size exceeded"; and a body of millions of tiny values costs its parse and every walk
// after. One linear pass over the text, with no recursion and no allocation, decides before any of that runs.
// The text is only read: what is accepted is parsed and stored exactly as it came.
export interface JsonLimits {
  /** Deepest nesting of arrays and objects; `[]` is one level. */
  maxDepth: number;
  /** Most values: every array item and object member, the containers themselves included. */
  maxValues: number;
}

/**
 * Limits for JSON arriving at the site: /api bodies, and JSON text inside a field (site vars, key/value entries,
 * the image lab's echo data). A camera report nests six levels and holds a few thousand values; the limits leave
 * ten times that and more, while the walks that recurse stay far from where they overflow (a few thousand levels).
 */
export const JSON_INPUT_LIMITS: JsonLimits = { maxDepth: 64, maxValues: 200_000 };

export interface JsonLimitViolation {
  kind: "depth" | "values";
  limit: number;
  /** Offset in the text where the limit was passed. */
  offset: number;
  message: string;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/**
 * The first limit the text passes, or null. `subject` starts the message ("The request body"). Invalid JSON is
 * not judged here: whatever parses it next refuses it with its own message.
 */
export function checkJsonLimits(
  text: string,
  subject: string,
  limits: JsonLimits = JSON_INPUT_LIMITS,
): JsonLimitViolation | null {
  const length = text.length;
  let depth = 0;
  // The root, then one more for every container opened and every comma between members; an empty container
  // counts one more value than it holds, which only errs on the generous side.
  let values = 1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string: brackets and commas inside it are text.
      for (i++; i < length; i++) {
        const inside = text.charCodeAt(i);
        if (inside === BACKSLASH) i++;
        else if (inside === QUOTE) break;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      values++;
      if (depth > limits.maxDepth) {
        return {
          kind: "depth",
          limit: limits.maxDepth,
          offset: i,
          message:
            `${subject} nests arrays and objects more than ${limits.maxDepth} ` +
            `levels deep; the limit is ${limits.maxDepth}.`,
        };
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    } else if (code === COMMA) {
      values++;
    }
    if (values > limits.maxValues) {
      const limit = limits.maxValues.toLocaleString("en");
      return {
        kind: "values",
        limit: limits.maxValues,
        offset: i,
        message: `${subject} holds more than ${limit} JSON values; the limit is ${limit}.`,
      };
    }
  }
  return null;
}
