// Shared /api answers kept parsed, by path, and asked for again with their ETag.
//
// The pages ask /api for the same shared answers again and again (a list's first page, the manufacturers, a report,
// the legal pages), and parsing each again was a measurable share of such a page's time (docs/decisions/0014). An
// answer that says it is the same for everyone (`Cache-Control: public`) and carries an ETag is kept here, parsed.
// The next GET of that path sends `If-None-Match`, and a 304 reuses the kept value. /api still answers every request
// (its checks, its caches, its headers), so nothing here is older than /api's answer: only the text and the parse
// are saved. A page must not change a kept value: it would change it for every later page. Outside production the
// values are frozen, so a change fails at once in development and in the tests; production skips the freeze, which
// costs more than the parse it saves.

import { webEnv } from "./env.server";

interface KeptAnswer {
  etag: string;
  data: unknown;
  text: string;
}

/** Text kept in all, in characters (the parsed values take about twice as much again); one answer at most an eighth. */
const MAX_KEPT_CHARACTERS = 4 * 1024 * 1024;
const MAX_KEPT_ANSWERS = 500;

export class SharedAnswers {
  readonly #answers = new Map<string, KeptAnswer>();
  #characters = 0;
  readonly #maxCharacters: number;
  readonly #maxAnswers: number;

  constructor(limits: { maxCharacters?: number; maxAnswers?: number } = {}) {
    this.#maxCharacters = limits.maxCharacters ?? MAX_KEPT_CHARACTERS;
    this.#maxAnswers = limits.maxAnswers ?? MAX_KEPT_ANSWERS;
  }

  /** The ETag to send for `path`, if an answer is kept for it. */
  etagFor(path: string): string | undefined {
    return this.#answers.get(path)?.etag;
  }

  /** The kept answer, once /api said 304 to its ETag; the most recently used answers are dropped last. */
  reuse(path: string, etag: string | null): { data: unknown; text: string } | undefined {
    const kept = this.#answers.get(path);
    if (!kept || (etag !== null && etag !== kept.etag)) return undefined;
    this.#answers.delete(path);
    this.#answers.set(path, kept);
    return kept;
  }

  /** Keeps a 200 answer when /api marked it shared and tagged it; returns the value as the page gets it. */
  keep<T>(path: string, response: { headers: Headers }, data: T, text: string): T {
    const etag = response.headers.get("etag");
    const shared = /(?:^|,)\s*public\s*(?:,|$)/i.test(response.headers.get("cache-control") ?? "");
    if (!etag || !shared || text.length > this.#maxCharacters / 8) return data;
    this.forget(path);
    if (!webEnv.isProduction) deepFreeze(data);
    this.#answers.set(path, { etag, data, text });
    this.#characters += text.length;
    for (const [oldest, answer] of this.#answers) {
      if (this.#characters <= this.#maxCharacters && this.#answers.size <= this.#maxAnswers) break;
      this.#answers.delete(oldest);
      this.#characters -= answer.text.length;
    }
    return data;
  }

  forget(path: string): void {
    const kept = this.#answers.get(path);
    if (!kept) return;
    this.#answers.delete(path);
    this.#characters -= kept.text.length;
  }
}

/** Freezes a parsed JSON value and everything in it; a loop, so the depth of the value costs no stack. */
function deepFreeze(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const member of Array.isArray(next) ? next : Object.values(next)) {
      if (typeof member === "object" && member !== null) pending.push(member);
    }
  }
}
