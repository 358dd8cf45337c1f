// The notification area (bottom right, 4 s, three at once, Alt+T) and the server's flash message shown in it. Loaded
// lazily after hydration: sonner is about 10 kB of JavaScript a page needs only once something is to be announced.
import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { notificationAreaListens } from "./notification-area-ready";

export interface FlashToast {
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

export default function NotificationArea({ flash }: { flash: FlashToast | null }) {
  // Runs after the Toaster below has subscribed (child effects run first), so the message is not lost.
  useEffect(notificationAreaListens, []);
  useEffect(() => {
    if (!flash) return;
    const show =
      flash.type === "success"
        ? showToast.success
        : flash.type === "error"
          ? showToast.error
          : flash.type === "warning"
            ? showToast.warning
            : showToast.info;
    show(flash.message, { description: flash.description });
  }, [flash]);
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      gap={14}
      offset={24}
      mobileOffset={16}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      closeButton
    />
  );
}
