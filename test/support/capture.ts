// A Reporter whose stdout and stderr are strings: what a view or the error handler wrote, to check.
import { Reporter } from '../../src/terminal/reporter.js';

export function captureReporter(json = false) {
  const out = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') => ({
    write: (s: string) => {
      out[name] += s;
      return true;
    },
  });
  const io = { stdout: stream('stdout'), stderr: stream('stderr'), stdin: process.stdin, env: {}, cwd: '/' };
  return { reporter: new Reporter(io, { json, color: false }), out };
}
