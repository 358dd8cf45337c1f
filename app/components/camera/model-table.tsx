// The report list grouped by model: one row per manufacturer and model with its report count and newest report,
// each row linking to that model's reports. Sorted by the same header links as the reports' table.
import { Link } from "#app/components/link.tsx";
import type { CameraModelSummary } from "#shared/contract/camera.ts";
import type { CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import { TableWrap } from "../table-wrap";
import { Time } from "../time";
import { searchHref } from "./search-parts";
import { ariaSort, SortLink } from "./sort-links";

export function ModelTable({
  models,
  firstNumber,
  query,
  pathname,
}: {
  models: CameraModelSummary[];
  firstNumber: number;
  query: CameraReportQuery;
  pathname: string;
}) {
  const sortLink = { query, pathname };
  // A model's reports: this search narrowed to the model, one row per report again.
  const modelHref = (model: CameraModelSummary) =>
    searchHref(pathname, {
      ...query,
      manufacturers: [model.manufacturer],
      model: model.device_model,
      group: null,
      page: 1,
    });
  return (
    <TableWrap label="Camera models">
      <table className="data-table stack-table report-rows">
        <caption className="sr-only">Camera models with their report counts</caption>
        <thead>
          <tr>
            <th scope="col" className="w-14 text-right">
              #
            </th>
            <th scope="col" aria-sort={ariaSort(query, ["manufacturer", "device"])}>
              <span className="inline-flex flex-wrap gap-x-2">
                <span>Device:</span>
                <SortLink {...sortLink} sort="manufacturer">
                  Manufacturer
                </SortLink>
                <SortLink {...sortLink} sort="device">
                  Model
                </SortLink>
              </span>
            </th>
            <th scope="col" className="text-right">
              Reports
            </th>
            <th scope="col" aria-sort={ariaSort(query, ["uploaded"])}>
              <SortLink {...sortLink} sort="uploaded">
                Newest report
              </SortLink>
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((model, index) => (
            <tr key={`${model.manufacturer}\u0000${model.device_model}`}>
              <td data-label="No." className="row-number">
                {firstNumber + index}
              </td>
              <td className="device">
                <Link to={modelHref(model)}>
                  <span>{model.manufacturer}</span>
                  {` ${model.device_model}`}
                </Link>
              </td>
              <td data-label="Reports" className="figure text-right">
                {model.report_count.toLocaleString("en-US")}
              </td>
              <td data-label="Newest" className="whitespace-nowrap">
                <Link to={`/camera2/${model.newest_id}`}>
                  <Time value={model.newest_at} />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
