// `init`'s use-case: checks where the catalog goes and that a person is there to answer, takes the
// wizard's answers (a port: the CLI gives it the terminal's prompts), builds the starter catalog,
// holds it to the catalog's rules and writes it with its JSON Schema beside it.
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readCatalog } from '../catalog/read.js';
import type { Catalog, CatalogDiscount, CatalogProduct } from '../catalog/schema.js';
import { type SchemaWrite, writeSchemaBeside } from '../catalog/schema-file.js';
import {
  catalogToYaml,
  packagedSchemaFile,
  type SchemaReference,
  schemaReference,
} from '../catalog/write.js';
import { InternalError, UserError } from '../errors.js';
import { checkOutputFile, writeOutputFile } from '../files/output-file.js';
import { starterCatalog } from './starter.js';

/** The example catalogs a run without a terminal is pointed to. */
const EXAMPLES = [
  'saas-starter.yaml',
  'desktop-app.yaml',
  'global-pricing.yaml',
  'launch-discounts.yaml',
  'plans-with-features.yaml',
] as const;

export interface InitRequest {
  cwd: string;
  /** the catalog file, as the user typed it */
  file: string;
  force: boolean;
  /** who would answer: a person at an interactive terminal, not --json, not a CI job */
  interactive: boolean;
  json: boolean;
  env: NodeJS.ProcessEnv;
}

/** What the wizard asks for a starter catalog. */
export interface StarterAnswers {
  products: Record<string, CatalogProduct>;
  discounts: Record<string, CatalogDiscount>;
  features?: NonNullable<Catalog['features']>;
}

export interface InitWritten {
  file: string;
  catalog: Catalog;
  schema: SchemaWrite;
}

/** Refuses before any question when nobody can answer; nothing is written before the answers are all in. */
export async function initCatalog(
  request: InitRequest,
  answers: () => Promise<StarterAnswers>,
): Promise<InitWritten> {
  const { cwd, file, force } = request;
  const path = resolve(cwd, file);
  await checkOutputFile(
    path,
    file,
    force,
    'Use --force to replace it, or give another file: paddle-catalog init other-catalog.yaml',
  );
  if (!request.interactive || inCi(request.env)) refuseWithoutTerminal(request);
  const given = await answers();
  const catalog = starterCatalog(given.products, given.discounts, given.features);
  const schema = schemaReference(path, cwd);
  const text = starterText(catalog, schema, file);
  // without --force, never over a file that appeared while the user answered
  await writeOutputFile(path, file, text, { overwrite: force, appeared: 'while you answered' });
  return { file, catalog, schema: await writeSchemaBeside(schema, cwd) };
}

/** The catalog's YAML, held to every rule: a catalog init built that fails one is a bug of ours. */
function starterText(catalog: Catalog, schema: SchemaReference, file: string): string {
  const text = catalogToYaml(catalog, {
    schemaPath: schema.path,
    header: [
      'Written by paddle-catalog init. Amounts are strings in the lowest currency unit: "1000" is $10.00.',
      'Several catalog files in one account? Name each one with a top-level `catalog: <name>`',
      '(absent: default); each file then sees and changes only its own products and prices.',
    ],
  });
  const { issues } = readCatalog(file, text, { environment: 'sandbox' });
  const errors = issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) {
    throw new InternalError(`init built an invalid catalog: ${errors.map((e) => e.message).join('; ')}`);
  }
  return text;
}

/** The examples' folder as the user can type it: relative when it is inside their project. */
function examplesDir(packagedSchema: string, cwd: string): string {
  const dir = dirname(packagedSchema);
  const rel = relative(cwd, dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
}

/** CI set (CI=true, as every CI service sets it): a job has nobody to answer, even on a terminal. */
const inCi = (env: NodeJS.ProcessEnv) => Boolean(env.CI) && !['0', 'false'].includes(env.CI ?? '');

function refuseWithoutTerminal({ file, env, json, cwd }: InitRequest): never {
  const examples = examplesDir(packagedSchemaFile(), cwd);
  let why = ' and needs an interactive terminal';
  if (inCi(env)) why = ', and CI is set: a CI job has nobody to answer them';
  if (json) why = ', which --json mode never does';
  throw new UserError(
    `init asks questions${why}; nothing was written`,
    `Run it in a terminal, or copy an example catalog instead:\n` +
      `  cp ${join(examples, EXAMPLES[0])} ${file}    (also ${EXAMPLES.slice(1).join(', ')})\n` +
      `  paddle-catalog validate ${file}`,
  );
}
