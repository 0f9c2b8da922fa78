// The one way out of a run: every line a command writes passes here, so the key is masked, outside
// text escaped and --json kept to one document whatever the command does.
import type { ChalkInstance } from 'chalk';
import { jsonText, shown, shownLines } from '../text/escape.js';
import type { Io } from './io.js';
import { holdsSecret, redactDocument, redactSecrets } from './redact.js';
import { makeStyle, wantsColor } from './style.js';

/** The streams that have received their run's one JSON document, whichever reporter wrote it. */
const documentsWritten = new WeakSet<Io['stdout']>();

export interface ReporterOptions {
  json: boolean;
  color: boolean;
}

/**
 * All output goes through here: results on stdout, everything else on stderr, the API key
 * masked everywhere, one JSON document in --json mode. Every line written is also passed through
 * the escaping rule (src/text/escape.ts) as a last line of defence: the formatters escape each
 * outside string with `shown`, and whatever slips past them still cannot reach the terminal raw
 * or start a workflow command.
 */
export class Reporter {
  readonly json: boolean;
  /** styles for stdout */
  readonly style: ChalkInstance;
  /** styles for stderr */
  readonly errStyle: ChalkInstance;
  private documentWritten = false;
  private readonly secrets: string[];

  constructor(
    readonly io: Io,
    options: ReporterOptions,
  ) {
    this.json = options.json;
    this.style = makeStyle(wantsColor(io.stdout, io.env, options));
    this.errStyle = makeStyle(wantsColor(io.stderr, io.env, options));
    // trimmed as resolveTarget trims it: the key sent (and echoed back) has no stray newline
    this.secrets = [io.env.PADDLE_API_KEY?.trim() ?? ''].filter(Boolean);
  }

  /** Prompts and spinners only for a person at a terminal, never in --json mode or CI. */
  get interactive(): boolean {
    return !this.json && this.io.stdin.isTTY === true && this.io.stderr.isTTY === true;
  }

  /** Also hide this value (a key that did not come from the environment, e.g. the emulator's). */
  addSecret(secret: string): void {
    this.secrets.push(secret);
  }

  redact(text: string): string {
    return redactSecrets(text, this.secrets);
  }

  /** A JSON document with the key masked in its values, its fields and syntax as they are. */
  redactDocument<T>(document: T): T {
    return redactDocument(document, this.secrets);
  }

  /** Whether `text` holds the key in any form redact masks (export warns instead of masking). */
  holdsSecret(text: string): boolean {
    return holdsSecret(text, this.secrets);
  }

  /** Masked, then escaped for the stream it goes to (keeping the tool's own colours there). */
  private out(text: string): string {
    return `${shownLines(this.redact(text), this.style.level > 0)}\n`;
  }

  private err(text: string): string {
    return `${shownLines(this.redact(text), this.errStyle.level > 0)}\n`;
  }

  /** A line of the command's result (human mode only). */
  result(text = ''): void {
    if (this.json) return;
    this.io.stdout.write(this.out(text));
  }

  /**
   * The account's own data on stdout (human mode only), exactly as a file gets it: escaped like
   * every line but not masked; the command warns about a key in it instead (export).
   */
  data(text: string): void {
    if (this.json) return;
    this.io.stdout.write(`${shownLines(text, false)}\n`);
  }

  /**
   * The command's one JSON document (json mode only). `asData`: it is the account's own data, as
   * `data` writes it (not masked). `oneLine`: a line a script reads while the command goes on.
   */
  document(doc: unknown, options: { asData?: boolean; oneLine?: boolean } = {}): void {
    if (!this.json) return;
    if (this.documentWritten || Reporter.wroteDocumentTo(this.io.stdout))
      throw new Error('reporter: a second JSON document was written');
    this.documentWritten = true;
    documentsWritten.add(this.io.stdout);
    const text = jsonText(options.asData ? doc : this.redactDocument(doc), options.oneLine ? 0 : 2);
    this.io.stdout.write(`${text}\n`);
  }

  get wroteDocument(): boolean {
    return this.documentWritten;
  }

  /** Whether any reporter has written the run's document to `stdout` (a signal's handler asks). */
  static wroteDocumentTo(stdout: Io['stdout']): boolean {
    return documentsWritten.has(stdout);
  }

  /** Progress, banners and notes: stderr, in every mode. */
  info(text: string): void {
    this.io.stderr.write(this.err(text));
  }

  warn(text: string): void {
    this.io.stderr.write(this.err(this.errStyle.yellow(`warning: ${text}`)));
  }

  error(text: string): void {
    this.io.stderr.write(this.err(this.errStyle.red(`error: ${text}`)));
  }

  /**
   * A GitHub workflow command the tool means to give (an annotation), on stderr: the one kind of
   * line allowed to start with `::`. Its data must already be escaped (escapeData/escapeProperty).
   */
  workflowCommand(line: string): void {
    if (!line.startsWith('::') || /[\r\n]/.test(line)) throw new Error('reporter: not one workflow command');
    this.io.stderr.write(`${this.redact(line)}\n`);
  }

  /**
   * Spinners only for a person watching stderr: never in --json mode, CI or a pipe, nor on a
   * terminal that reports no width (ora would redraw forever there).
   */
  private get spins(): boolean {
    const columns = this.io.stderr.columns ?? 0;
    return !this.json && this.io.stderr.isTTY === true && !this.io.env.CI && columns > 0;
  }

  /** Runs `work` under a spinner on a terminal (nothing elsewhere); the spinner is gone when it ends. */
  async during<T>(text: string, work: () => Promise<T>): Promise<T> {
    if (!this.spins) return work();
    const { default: ora } = await import('ora');
    const spinner = ora({
      text: shown(this.redact(text)),
      stream: this.io.stderr as NodeJS.WritableStream,
      color: 'cyan',
      isEnabled: true,
      discardStdin: false,
    }).start();
    try {
      return await work();
    } finally {
      spinner.stop();
    }
  }
}
