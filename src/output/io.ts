// The terminal the CLI talks to, injectable so commands can be tested without a process.

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
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
