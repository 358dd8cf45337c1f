// The one handler of failed admin calls: the page that answers the action shows the error from its data.
import { data } from "react-router";
import type { ApiErrorBody } from "./api.server";

export function errorText(error: unknown): string {
  if (!error) return "Unknown error";
  if (typeof error === "string") return error || "Unknown error";
  if (typeof error === "object" && "detail" in error && typeof (error as ApiErrorBody).detail === "string") {
    return (error as ApiErrorBody).detail || "Unknown error";
  }
  if (error instanceof Error) return error.message || "Unknown error";
  return String(error);
}

/**
 * Answers an action whose /api call failed with the status /api gave. The page it answers shows the error from the
 * payload, so no flash message goes with it: one would show the error a second time, on the next page.
 */
export function failureToast<T>(payload: T, error: ApiErrorBody) {
  return data(payload, { status: error.status_code >= 400 ? error.status_code : 500 });
}
