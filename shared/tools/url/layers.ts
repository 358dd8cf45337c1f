// Double (or deeper) percent-encoding: "%2520" is "%20" encoded again. Shows each decoding layer.
import { decodeText } from "./decode";
import { MAX_DECODE_LAYERS } from "./options";

const DOUBLE_ENCODED = /%25[0-9A-Fa-f]{2}/;
const PERCENT_BYTE = /%[0-9A-Fa-f]{2}/;

export interface DecodeLayers {
  /** The text after each decoding: layers[0] is decoded once, layers[1] twice, … */
  layers: string[];
  /** Why decoding stopped before the text was free of %XX, when it did. */
  stopped?: string;
}

function looksDoubleEncoded(text: string): string | null {
  return DOUBLE_ENCODED.exec(text)?.[0] ?? null;
}

/** Decodes while the result still holds %XX, up to MAX_DECODE_LAYERS. Null when the input is not double-encoded. */
export function decodeLayers(text: string, plusAsSpace: boolean): DecodeLayers | null {
  if (!looksDoubleEncoded(text)) return null;
  const layers: string[] = [];
  let current = text;
  while (layers.length < MAX_DECODE_LAYERS) {
    const decoded = decodeText(current, { plusAsSpace });
    if (!decoded.ok) {
      return layers.length === 0
        ? null
        : {
            layers,
            stopped:
              `Decoding once more fails (${decoded.errors[0]!.message}), so ` +
              `the remaining % signs are probably literal.`,
          };
    }
    if (decoded.output === current) break;
    layers.push(decoded.output);
    current = decoded.output;
    if (!PERCENT_BYTE.test(current)) break;
  }
  return layers.length > 1 ? { layers } : null;
}
