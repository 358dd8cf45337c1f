// The one handler of failed admin calls: an error toast with the error's message.
import type { ApiErrorBody } from "./api.server";
import { dataWithError } from "./toast.server";

export function errorText(error: unknown): string {
  if (!error) return "Unknown error";
  if (typeof error === "string") return error || "Unknown error";
  if (typeof error === "object" && "detail" in error && typeof (error as ApiErrorBody).detail === "string") {
    return (error as ApiErrorBody).detail || "Unknown error";
  }
  if (error instanceof Error) return error.message || "Unknown error";
  return String(error);
}

/** Answers an action whose /api call failed: the error as a toast, with the status /api gave. */
export function failureToast<T>(payload: T, error: ApiErrorBody) {
  return dataWithError(payload, errorText(error), { status: error.status_code >= 400 ? error.status_code : 500 });
}
