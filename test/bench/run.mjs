// `npm run bench`: runs every scenario module in this folder (each `export async function
// run({ quick })` returning rows {scenario, metric, value, unit, target?}) against dist/, prints
// a table (or one JSON document with --json). --quick: fewer repetitions, for a CI smoke run.
// Writes nothing but its report.
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SELF = basename(fileURLToPath(import.meta.url));

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const json = args.has('--json');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

function formatValue(value) {
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}

function table(rows) {
  const header = ['scenario', 'metric', 'value', 'unit', 'target'];
  const cells = rows.map((row) => [
    row.scenario,
    row.metric,
    formatValue(row.value),
    row.unit,
    row.target ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i].length)));
  const line = (cell) =>
    cell
      .map((text, i) => text.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

const modules = readdirSync(HERE)
  .filter((name) => name.endsWith('.mjs') && name !== SELF)
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

const rows = [];
for (const name of modules) {
  const scenario = await import(pathToFileURL(`${HERE}${name}`).href);
  if (typeof scenario.run !== 'function') continue; // a shared helper, not a scenario
  if (!json) process.stderr.write(`bench: ${name}${quick ? ' (quick)' : ''}…\n`);
  rows.push(...(await scenario.run({ quick })));
}

const machine = {
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpus: (await import('node:os')).availableParallelism(),
  memoryGb: Math.round((await import('node:os')).totalmem() / 2 ** 30),
};
if (json) process.stdout.write(`${JSON.stringify({ machine, quick, rows }, null, 2)}\n`);
else
  process.stdout.write(
    `${table(rows)}\n\n${machine.platform}, ${machine.cpus} CPUs, ${machine.memoryGb} GB, node ${machine.node}\n`,
  );
