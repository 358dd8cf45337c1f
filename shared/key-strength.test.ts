import { describe, expect, it } from "vitest";
import { estimateEntropyBits } from "./key-strength";
import { API_KEY_MIN_ENTROPY_BITS, generateApiKey } from "./contract/api-keys-vocabulary";
import { ApiKeySchema } from "./contract/api-keys";

describe("estimateEntropyBits", () => {
  it("counts repeats, runs and repeated chunks for little", () => {
    expect(estimateEntropyBits("1111111111")).toBeLessThan(4);
    expect(estimateEntropyBits("aaaaaaaaaa")).toBeLessThan(5);
    expect(estimateEntropyBits("abcdefghij")).toBeLessThan(10);
    expect(estimateEntropyBits("0123456789")).toBeLessThan(7);
    expect(estimateEntropyBits("abababababab")).toBeLessThan(20);
    expect(estimateEntropyBits("qwe1qwe1qwe1qwe1")).toBeLessThan(40);
  });

  it("gives a random 32-byte key far more than the floor, every time", () => {
    for (let i = 0; i < 200; i++) expect(estimateEntropyBits(generateApiKey())).toBeGreaterThan(200);
  });
});

describe("the API key form refuses weak keys", () => {
  const save = (api_key: string) => ApiKeySchema.safeParse({ service_name: "PROBE_APP", api_key });

  it.each(["1111111111", "aaaaaaaaaa", "abcdefghijkl", "passpasspasspass"])("refuses %s, saying why", (key) => {
    const result = save(key);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^API key is too easy to guess: about \\d+ bits of entropy, at least ${API_KEY_MIN_ENTROPY_BITS} `),
      ),
    ]);
  });

  it("accepts a generated key", () => {
    for (let i = 0; i < 50; i++) expect(save(generateApiKey()).success).toBe(true);
  });
});
