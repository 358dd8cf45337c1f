// The list's note: where the reports come from, with the probe app's store link (a site var).
export function ProbeAppNote({ storeUrl }: { storeUrl: string }) {
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      These reports are made by the Camera Probe app, which reads what an Android device&apos;s cameras can do through
      the Camera2 API and uploads it here. To add your device,{" "}
      <a href={storeUrl} rel="noopener noreferrer" target="_blank">
        get the camera probe app
      </a>
      .
    </p>
  );
}
