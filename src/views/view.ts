// A command returns a typed result; two views render it (the model: terraform's command views).
// The JSON view is the one document of --json mode. The human view writes the result on stdout with
// `out.result` — dropped in --json mode, where stdout holds only the document — and its notes
// (warnings, what failed, what to do next) on stderr with `out.info`/`warn`/`error`, in both modes;
// a view whose notes are for a person only (history, invoice) checks `out.json` itself.
import type { Reporter } from '../terminal/reporter.js';

export interface View<R> {
  renderHuman(result: R, out: Reporter): void;
  renderJson(result: R): unknown;
  /** the JSON document is the account's own data, written as it is, not masked (export) */
  readonly jsonIsData?: boolean;
  /** the JSON document is one line, read while the command goes on (the emulator's start line) */
  readonly jsonOneLine?: boolean;
}

/** The view --json chose: the document, then the human view's stderr notes; or the human view. */
export function show<R>(out: Reporter, view: View<R>, result: R): void {
  if (out.json) {
    out.document(view.renderJson(result), {
      asData: view.jsonIsData === true,
      oneLine: view.jsonOneLine === true,
    });
  }
  view.renderHuman(result, out);
}
