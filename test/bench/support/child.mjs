// Runs a command as a child process and times it; with PEAK_RSS in the child's --import, the
// child reports its own peak resident memory (process.resourceUsage().maxRSS) on exit.
import { spawn } from 'node:child_process';

export const PEAK_RSS = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nBENCH_MAXRSS='+process.resourceUsage().maxRSS+'\\n'))`;

/** {code, ms, maxRssMb, stdout, stderr} of one run; env is added to this process's environment. */
export function timed(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const rss = /BENCH_MAXRSS=(\d+)/.exec(stderr);
      resolve({ code, ms, maxRssMb: rss ? Number(rss[1]) / 1024 : undefined, stdout, stderr });
    });
  });
}
