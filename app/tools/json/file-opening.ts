// Opening a file in the JSON formatter with JavaScript: the file field, or a file dropped on the input box, puts the
// file's text in the box, read in the browser; a file over the limit is refused by its size, unread. Loaded after
// hydration (the page's first JavaScript is at its budget); without JavaScript the file field is posted.
import { MAX_JSON_INPUT_BYTES } from "#shared/tools/json/limits.ts";

/**
 * Listens on the file field and the textarea in `dropZone`, and for drops on it, until the returned function is called.
 */
export function enableFileOpening(dropZone: HTMLElement, refuse: (bytes: number) => void): () => void {
  const fileInput = dropZone.querySelector<HTMLInputElement>('input[type="file"]')!;
  const textarea = dropZone.querySelector("textarea")!;
  async function open(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_JSON_INPUT_BYTES) return refuse(file.size);
    textarea.value = await file.text();
    // The page formats what is typed: the file's text takes that same path.
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") === true;
  const onChange = () => {
    const file = fileInput.files?.[0];
    // Cleared, so that choosing the same file again (after editing the text) opens it again.
    fileInput.value = "";
    void open(file);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dropZone.dataset.dragging = "";
  };
  const onDragLeave = () => delete dropZone.dataset.dragging;
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    delete dropZone.dataset.dragging;
    void open(event.dataTransfer?.files[0]);
  };
  fileInput.addEventListener("change", onChange);
  dropZone.addEventListener("dragover", onDragOver);
  dropZone.addEventListener("dragleave", onDragLeave);
  dropZone.addEventListener("drop", onDrop);
  // A file chosen before this code arrived (the field works from the first paint) is opened now.
  if (fileInput.files?.length) onChange();
  return () => {
    fileInput.removeEventListener("change", onChange);
    dropZone.removeEventListener("dragover", onDragOver);
    dropZone.removeEventListener("dragleave", onDragLeave);
    dropZone.removeEventListener("drop", onDrop);
  };
}
