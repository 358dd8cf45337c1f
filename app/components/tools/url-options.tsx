// The URL tool's options: the encode mode, + as space when decoding, and line by line with its line breaks. Each
// change runs the tool again when the page has JavaScript.
import {
  ENCODE_MODE_INFO,
  ENCODE_MODES,
  LINE_ENDINGS,
  type EncodeMode,
  type LineEnding,
  type UrlToolOptions,
} from "#shared/tools/url/options.ts";

export function UrlOptionsPanel({
  options,
  onChange,
}: {
  options: UrlToolOptions;
  onChange: (change: Partial<UrlToolOptions>) => void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:col-span-2">
      <fieldset>
        <legend className="label">Encode mode</legend>
        <div className="space-y-2">
          {ENCODE_MODES.map((mode) => (
            <label key={mode} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={mode}
                defaultChecked={options.mode === mode}
                onChange={() => onChange({ mode: mode as EncodeMode })}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{ENCODE_MODE_INFO[mode].label}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{ENCODE_MODE_INFO[mode].legend}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-4">
        <fieldset>
          <legend className="label">Decode</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="plusAsSpace"
              defaultChecked={options.plusAsSpace}
              onChange={(event) => onChange({ plusAsSpace: event.currentTarget.checked })}
              className="mt-1"
            />
            <span>
              <span className="font-medium">+ as space</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                For query strings and form data; off, a + stays a +.
              </span>
            </span>
          </label>
        </fieldset>
        <fieldset>
          <legend className="label">Lines</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="lineMode"
              defaultChecked={options.lineMode}
              onChange={(event) => onChange({ lineMode: event.currentTarget.checked })}
              className="mt-1"
            />
            <span>
              <span className="font-medium">Line by line</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                Encode or decode each line on its own, one result per line.
              </span>
            </span>
          </label>
          <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
            <span>Line breaks are</span>
            {LINE_ENDINGS.map((ending) => (
              <label key={ending} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="lineEnding"
                  value={ending}
                  defaultChecked={options.lineEnding === ending}
                  onChange={() => onChange({ lineEnding: ending as LineEnding })}
                />
                {ending === "lf" ? "LF (%0A)" : "CRLF (%0D%0A)"}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
