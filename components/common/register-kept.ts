import type { FieldValues, Path, PathValue, RegisterOptions, UseFormReturn } from "react-hook-form";

/** Inputs already looked at: a ref runs again on every render, and only the first time can find early text. */
const seen = new WeakSet<HTMLInputElement>();

/**
 * `form.register(name)` for a text input of a server-rendered form, for text typed (or autofilled by a password
 * manager) before the page hydrated. register() reads such text into the form quietly: useWatch keeps the default it
 * rendered with, so the create form's draft and summary missed the name. Here the input starts from its default and
 * the text is then set as a change that every watcher hears of, before the next paint.
 */
export function registerKept<T extends FieldValues, N extends Path<T>>(
  form: Pick<UseFormReturn<T>, "register" | "setValue">,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  const registration = form.register(name, options);
  return {
    ...registration,
    ref: (el: HTMLInputElement | null) => {
      // Text the server did not render: an input's defaultValue is its HTML value attribute.
      const typed = el && !seen.has(el) && el.value !== el.defaultValue ? el.value : null;
      if (el) seen.add(el);
      if (el && typed !== null) el.value = el.defaultValue;
      registration.ref(el);
      if (typed === null) return;
      // After the commit this ref runs in: useWatch subscribes in a layout effect, which comes after the refs of the
      // inputs below it, so a change made right here would not reach it.
      queueMicrotask(() => form.setValue(name, typed as PathValue<T, N>, { shouldDirty: true }));
    },
  };
}
