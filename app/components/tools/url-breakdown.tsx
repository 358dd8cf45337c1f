// The parts of a URL as written, and its query as a table that keeps repeated keys, order and empty values.
import { TableWrap } from "#app/components/table-wrap.tsx";
import type { UrlBreakdown } from "#shared/tools/url/breakdown.ts";

function Part({ name, value, note }: { name: string; value: string | null; note?: string }) {
  return (
    <tr>
      <th scope="row" className="w-32">
        {name}
      </th>
      <td className="font-mono break-all">
        {value === null ? (
          <span className="text-zinc-500 dark:text-zinc-400">(none)</span>
        ) : value === "" ? (
          <span className="text-zinc-500 dark:text-zinc-400">(empty)</span>
        ) : (
          value
        )}
        {note ? <span className="ml-2 font-sans text-xs text-zinc-600 dark:text-zinc-400">{note}</span> : null}
      </td>
    </tr>
  );
}

function Shown({ text }: { text: string | null }) {
  if (text === null) return <span className="text-zinc-500 italic dark:text-zinc-400">(no “=”)</span>;
  if (text === "") return <span className="text-zinc-500 italic dark:text-zinc-400">(empty)</span>;
  return <>{text}</>;
}

export function UrlBreakdownView({ parts, of }: { parts: UrlBreakdown; of: "input" | "output" }) {
  return (
    <section aria-labelledby="breakdown-title" className="mt-6">
      <h2 id="breakdown-title" className="mb-2 text-lg font-semibold">
        URL breakdown <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">(of the {of})</span>
      </h2>
      <TableWrap label="URL parts">
        <table className="data-table">
          <tbody>
            <Part name="Scheme" value={parts.scheme} />
            <Part name="User" value={parts.user} />
            <Part name="Password" value={parts.password} />
            <Part name="Host" value={parts.host} />
            <Part
              name="Port"
              value={parts.port}
              note={parts.defaultPort ? `default for ${parts.scheme}: ${parts.defaultPort}` : undefined}
            />
            <Part name="Path" value={parts.path} />
            <Part name="Query" value={parts.query} />
            <Part name="Fragment" value={parts.fragment} />
          </tbody>
        </table>
      </TableWrap>
      {parts.normalized ? (
        <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          A browser reads it as <code className="break-all">{parts.normalized}</code>
        </p>
      ) : null}
      {parts.params.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 font-semibold">Query parameters ({parts.params.length})</h3>
          <TableWrap label="Query parameters">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Key</th>
                  <th scope="col">Value</th>
                  <th scope="col">As written</th>
                </tr>
              </thead>
              <tbody>
                {parts.params.map((param, index) => (
                  <tr key={index}>
                    <td>{index + 1}</td>
                    <td className="font-mono break-all">
                      {param.key === null ? (
                        <span className="text-red-700 dark:text-red-400">not decodable</span>
                      ) : (
                        <Shown text={param.key} />
                      )}
                    </td>
                    <td className="font-mono break-all">
                      {param.rawValue !== null && param.value === null ? (
                        <span className="text-red-700 dark:text-red-400">not decodable</span>
                      ) : (
                        <Shown text={param.value} />
                      )}
                    </td>
                    <td className="font-mono break-all text-zinc-600 dark:text-zinc-400">
                      {param.rawKey}
                      {param.rawValue === null ? "" : `=${param.rawValue}`}
                      {param.problem ? (
                        <span className="block font-sans text-xs text-red-700 dark:text-red-400">{param.problem}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      ) : null}
    </section>
  );
}
