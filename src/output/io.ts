// The terminal the CLI talks to, injectable so commands can be tested without a process.

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** a terminal's width; 0 or absent when unknown */
  columns?: number;
}

export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}
