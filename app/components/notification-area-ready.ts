// The notification area loads lazily after hydration, and sonner's Toaster only shows the toasts sent after it has
// started listening: a toast sent earlier (a delete answered before the area loaded) would be lost. Code outside the
// area sends its toasts through here, which waits for it.
import type { toast as sonnerToast } from "sonner";

let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Called by the notification area once its Toaster listens. */
export function notificationAreaListens(): void {
  markListening();
}

/** Sonner's `toast`, once the notification area listens. */
export async function whenNotificationAreaListens(): Promise<typeof sonnerToast> {
  const [{ toast }] = await Promise.all([import("sonner"), listening]);
  return toast;
}
