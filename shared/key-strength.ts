// How hard a secret is to guess, estimated without a word list: each character that a guesser could not predict
// from the ones before it is worth log2 of the pool its character classes span. A character is predictable when it
// repeats the previous one, continues a constant step (abc, 135, cba) or ends three characters already seen
// earlier (a repeated chunk). An underestimate for random secrets of one class, a fair one for typed patterns.

const CLASS_POOLS: readonly (readonly [RegExp, number])[] = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[0-9]/, 10],
  // The printable ASCII symbols; anything beyond ASCII counts as one of these, which undercounts it.
  [/[^a-zA-Z0-9]/, 33],
];

/** Estimated bits of entropy of `secret` (0 for an empty one). */
export function estimateEntropyBits(secret: string): number {
  const chars = Array.from(secret);
  if (chars.length === 0) return 0;
  let pool = 0;
  for (const [pattern, size] of CLASS_POOLS) if (pattern.test(secret)) pool += size;
  let unpredictable = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!predictable(chars, i)) unpredictable++;
  }
  return unpredictable * Math.log2(pool);
}

function predictable(chars: readonly string[], i: number): boolean {
  const code = (at: number) => chars[at]!.codePointAt(0)!;
  if (i >= 1 && chars[i] === chars[i - 1]) return true;
  if (i >= 2 && code(i) - code(i - 1) === code(i - 1) - code(i - 2) && Math.abs(code(i) - code(i - 1)) <= 2)
    return true;
  if (i >= 2) {
    const chunk = chars.slice(i - 2, i + 1).join("");
    if (
      chars
        .slice(0, i - 1)
        .join("")
        .includes(chunk)
    )
      return true;
  }
  return false;
}
