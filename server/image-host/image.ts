// Deterministic pictures for the shipped image host: the same prompt and settings always draw the same SVG,
// so tests can compare images and the lab works with no model at all.
import { createHash } from "node:crypto";

export interface ImageSpec {
  prompt: string;
  model: string;
  steps: number;
  width: number;
  height: number;
}

/** A stream of bytes derived from the image spec: SHA-256 of the spec, then of each previous block. */
function byteStream(seed: string): () => number {
  let block = createHash("sha256").update(seed).digest();
  let index = 0;
  return () => {
    if (index >= block.length) {
      block = createHash("sha256").update(block).digest();
      index = 0;
    }
    return block[index++] as number;
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch] as string,
  );
}

function renderSvg(spec: ImageSpec): string {
  const next = byteStream(JSON.stringify([spec.prompt, spec.model, spec.steps, spec.width, spec.height]));
  const { width: w, height: h } = spec;
  const hueA = Math.round((next() / 255) * 360);
  const hueB = (hueA + 60 + Math.round((next() / 255) * 180)) % 360;
  const shapes: string[] = [];
  // More steps, more detail: 6 shapes at the fewest steps, up to 24.
  const count = 6 + Math.min(18, Math.floor(spec.steps / 50));
  for (let i = 0; i < count; i++) {
    const hue = (hueA + next() * 2) % 360;
    const opacity = (0.25 + (next() / 255) * 0.5).toFixed(2);
    const x = Math.round((next() / 255) * w);
    const y = Math.round((next() / 255) * h);
    const size = Math.round((0.05 + (next() / 255) * 0.3) * Math.min(w, h));
    if (next() % 2 === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="hsl(${hue} 70% 55%)" fill-opacity="${opacity}"/>`);
    } else {
      const points = [0, 1, 2].map((k) => {
        const angle = ((next() / 255) * 2 + k * (2 / 3)) * Math.PI;
        return `${Math.round(x + Math.cos(angle) * size)},${Math.round(y + Math.sin(angle) * size)}`;
      });
      shapes.push(`<polygon points="${points.join(" ")}" fill="hsl(${hue} 65% 45%)" fill-opacity="${opacity}"/>`);
    }
  }
  const caption = spec.prompt.length > 60 ? `${spec.prompt.slice(0, 59)}…` : spec.prompt;
  const fontSize = Math.max(10, Math.round(Math.min(w, h) / 24));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA} 60% ` +
      `35%)"/><stop offset="1" stop-color="hsl(${hueB} 60% 65%)"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    ...shapes,
    `<rect x="0" y="${h - fontSize * 2}" width="${w}" height="${fontSize * 2}" fill="black" fill-opacity="0.45"/>`,
    `<text x="${fontSize / 2}" y="${h - fontSize * 0.7}" font-family="sans-serif" ` +
      `font-size="${fontSize}" fill="white">${escapeXml(caption)}</text>`,
    `</svg>`,
  ].join("");
}

/** The image as a data: URL, so it shows on any page whatever the host's address (and the CSP allows it). */
export function imageDataUrl(spec: ImageSpec): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderSvg(spec)).toString("base64")}`;
}
