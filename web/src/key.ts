// The API-key dialog. Requests that meet a 401 at the same time share one question.
import { $ } from "./dom.ts";

let pending: Promise<string | null> | null = null;

/** Asks for the key; null when the person cancels. `again`: the last key was refused. */
export function askForKey(again: boolean): Promise<string | null> {
  pending ??= new Promise<string | null>((resolve) => {
    const dialog = $<HTMLDialogElement>("#key-dialog");
    const form = $<HTMLFormElement>("form", dialog);
    const input = $<HTMLInputElement>("#key-input", dialog);
    $("#key-refused", dialog).hidden = !again;
    input.value = "";
    const done = (value: string | null) => {
      form.removeEventListener("submit", onSubmit);
      dialog.removeEventListener("close", onClose);
      if (dialog.open) dialog.close();
      pending = null;
      resolve(value);
    };
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      const key = input.value.trim();
      if (key) done(key);
      else input.focus();
    };
    const onClose = () => done(null);
    form.addEventListener("submit", onSubmit);
    dialog.addEventListener("close", onClose);
    dialog.showModal();
    input.focus();
  });
  return pending;
}
