/**
 * React 19 builds `new FormData(form, submitter)` when a form's submit handler starts a transition
 * (React Router's navigations do). The Jest environment swaps in Node's FormData, which rejects a
 * jsdom form; this subclass accepts one and copies its named fields, as a browser would.
 */
export function allowFormDataOfForms(): void {
  const NodeFormData = globalThis.FormData;
  if ((NodeFormData as { acceptsForms?: boolean }).acceptsForms) return;
  class FormDataOfForms extends NodeFormData {
    static acceptsForms = true;
    constructor(form?: HTMLFormElement) {
      super();
      if (!form) return;
      for (const element of Array.from(form.elements)) {
        const field = element as HTMLInputElement;
        if (field.name && !field.disabled) this.append(field.name, field.value);
      }
    }
  }
  globalThis.FormData = FormDataOfForms as typeof FormData;
}
