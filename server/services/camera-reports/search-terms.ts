// Search terms of camera reports: the words of a manufacturer and model, every prefix of them stored with the
// report, and the terms a search must all match.

const MAX_TERM_LENGTH = 24;
const MAX_QUERY_TERMS = 8;

/** Lower-case words without accents: "Motorola moto g(7) Plus" → ["motorola", "moto", "g", "7", "plus"]. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every prefix of every word, so that an array-contains query through the GIN index finds word prefixes. */
export function searchTermsOf(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const word of texts.flatMap(searchWords)) {
    const capped = word.slice(0, MAX_TERM_LENGTH);
    for (let length = 1; length <= capped.length; length++) terms.add(capped.slice(0, length));
  }
  return [...terms];
}

/** The terms a search must all match: its words, each cut to the longest prefix that is stored. */
export function queryTermsOf(q: string): string[] {
  return [...new Set(searchWords(q).map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_QUERY_TERMS);
}
