// The layers of an input percent-encoded more than once, each decoding one layer further, with a copy button each.
import { CopyButton } from "#app/components/copy-button.tsx";
import type { DecodeLayers } from "#shared/tools/url/layers.ts";

export function UrlLayersView({ decoded }: { decoded: DecodeLayers }) {
  return (
    <section aria-labelledby="layers-title" className="mt-6">
      <h2 id="layers-title" className="mb-2 text-lg font-semibold">
        Double encoding: {decoded.layers.length} layers
      </h2>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        The input was percent-encoded more than once (%25 is an encoded %). Each decoding peels one layer:
      </p>
      <ol className="space-y-2">
        {decoded.layers.map((layer, index) => (
          <li key={index} className="card p-2">
            <div className="mb-1 flex items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
              <span>
                Decoded {index + 1}×{index === 0 ? " (the output above)" : ""}
              </span>
              <CopyButton value={layer} label="Copy" />
            </div>
            <code className="block font-mono text-sm break-all whitespace-pre-wrap">{layer}</code>
          </li>
        ))}
      </ol>
      {decoded.stopped ? <p className="mt-2 text-sm">{decoded.stopped}</p> : null}
    </section>
  );
}
