// Validates emulator responses against Paddle's OpenAPI description (May 2025) with ajv, after
// teaching it what the API gained since: currencies CLP and PEN, tax_mode `location`, and
// (openapi-overlay.ts, for the whole description's validators and currentSpec) discount groups and
// newer event types; readSpec gives the description as Paddle published it. Newer fields
// (grand_total_tax, trial_period.requires_payment_method, a paid trial's unit_price) need no patch:
// those schemas allow additional properties.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { CORE_SCHEMA, load } from 'js-yaml';
import { addWhatCameAfter } from './openapi-overlay.js';

/** The description of the catalog, transaction and customer resources. */
export const SPEC_FILE = '/work/shared/paddle-openapi/openapi-subset-catalog-transactions-customers.yaml';
/** The whole description, for the resources the subset leaves out (discounts). */
export const FULL_SPEC_FILE = '/work/shared/paddle-openapi/openapi-2025-05-27.yaml';
const SPEC_ID = 'https://paddle.example/openapi.json';

// biome-ignore lint/suspicious/noExplicitAny: the spec is untyped YAML
type Json = any;

const parsed = new Map<string, Json>();

/**
 * A description, parsed once per worker and shared: the whole one is 1.6 MB of YAML, and the
 * contract files read it a dozen times. js-yaml's core schema reads it as yaml's `parse` does (the
 * same document, checked when this was written) in a fifth of the time. Not to be changed: readSpec
 * gives a copy to change.
 */
function sharedSpec(file: string): Json {
  if (!parsed.has(file)) parsed.set(file, load(readFileSync(file, 'utf8'), { schema: CORE_SCHEMA }));
  return parsed.get(file);
}

/** A description as a fresh copy (see sharedSpec), as Paddle published it. */
export function readSpec(file: string): Json {
  return structuredClone(sharedSpec(file));
}

/**
 * The whole description with what Paddle's API gained since (openapi-overlay.ts: discount groups,
 * newer event types): what the validators hold answers and requests to.
 */
export function currentSpec(): Json {
  const spec = readSpec(FULL_SPEC_FILE);
  addWhatCameAfter(spec);
  return spec;
}

const compiledSpecs = new Map<string, { spec: Json; ajv: Ajv2020 }>();

/**
 * A description with what the API gained since, in an ajv that holds it, once per worker: adding
 * the whole description to an ajv walks all of it, and a schema is compiled once for all the files
 * that check answers against it (the response and the request validators share it).
 */
function compiledSpec(file: string): { spec: Json; ajv: Ajv2020 } {
  const known = compiledSpecs.get(file);
  if (known) return known;
  // the subset leaves discounts and notifications out: only the whole one takes the overlay
  const spec = file === FULL_SPEC_FILE ? currentSpec() : readSpec(file);
  const schemas = spec.components.schemas;
  schemas.currency_code.enum.push('CLP', 'PEN');
  schemas.tax_mode.enum.push('location');
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...spec, $id: SPEC_ID });
  compiledSpecs.set(file, { spec, ajv });
  return { spec, ajv };
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export interface ResponseValidator {
  /** the ajv errors, or [] when `body` matches the spec's response for that operation and status */
  check(method: string, pathTemplate: string, status: number, body: unknown): string[];
}

export function responseValidator(file = SPEC_FILE): ResponseValidator {
  const { spec, ajv } = compiledSpec(file);
  return {
    check(method, pathTemplate, status, body) {
      const operation = spec.paths[pathTemplate]?.[method.toLowerCase()];
      if (!operation) throw new Error(`no such operation in the spec: ${method} ${pathTemplate}`);
      const key = operation.responses[String(status)] ? String(status) : 'default';
      const base = `${SPEC_ID}#/paths/${escapePointer(pathTemplate)}/${method.toLowerCase()}/responses/${key}`;
      const response = operation.responses[key];
      const ref = response.$ref
        ? `${SPEC_ID}${response.$ref}/content/application~1json/schema`
        : `${base}/content/application~1json/schema`;
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface RequestValidator {
  /** what Paddle's description says is wrong with `request` (unknown operation, parameter or body) */
  check(request: SentRequest): string[];
}

// `billed_at[LT]=…`: a documented parameter with an operator (the parameter's description)
const OPERATOR = /^(\w+)\[(?:LT|LTE|GT|GTE)\]$/;

/** A query value as its schema reads it: csv arrays (explode: false), integers, booleans. */
function typedValue(raw: string, schema: Json): unknown {
  if (schema?.type === 'array') return raw.split(',').map((item) => typedValue(item, schema.items));
  if (schema?.type === 'integer' || schema?.type === 'number')
    return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (schema?.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/**
 * Holds a request (as the emulator logged it) to Paddle's description: the operation exists, every
 * query parameter is one it declares and matches its schema, required ones are there, and the body
 * matches the operation's requestBody schema.
 */
export function requestValidator(file = FULL_SPEC_FILE): RequestValidator {
  const { spec, ajv } = compiledSpec(file);
  const templates = Object.keys(spec.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const resolve = (p: Json): Json => (p.$ref ? spec.components.parameters[p.$ref.split('/').pop()] : p);
  const errorsOf = (schema: Json, value: unknown, where: string): string[] => {
    const validate = ajv.getSchema(schema) ?? ajv.compile({ $ref: schema });
    return validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${where}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
        );
  };
  return {
    check({ method, path, query, body }) {
      const found = templates.find((t) => t.pattern.test(path));
      const operation = found && spec.paths[found.template][method.toLowerCase()];
      if (!found || !operation) return [`no operation ${method} ${path} in Paddle's description`];
      const pointer = `${SPEC_ID}#/paths/${escapePointer(found.template)}/${method.toLowerCase()}`;
      const params = (operation.parameters ?? []).map(resolve).filter((p: Json) => p.in === 'query');
      const problems: string[] = [];
      for (const [name, raw] of Object.entries(query)) {
        const declared = params.find((p: Json) => p.name === (OPERATOR.exec(name)?.[1] ?? name));
        if (!declared) {
          problems.push(`query ${name}: not a parameter of ${method} ${found.template}`);
          continue;
        }
        const index = (operation.parameters as Json[]).findIndex((p) => resolve(p) === declared);
        const entry = operation.parameters[index];
        const schemaRef = entry.$ref
          ? `${SPEC_ID}${entry.$ref}/schema`
          : `${pointer}/parameters/${index}/schema`;
        problems.push(...errorsOf(schemaRef, typedValue(raw, declared.schema), `query ${name}`));
      }
      for (const p of params)
        if (p.required && !(p.name in query)) problems.push(`query ${p.name} is required`);
      const content = operation.requestBody?.content?.['application/json'];
      if (content && body === undefined && operation.requestBody.required)
        problems.push('the body is required');
      if (content && body !== undefined)
        problems.push(...errorsOf(`${pointer}/requestBody/content/application~1json/schema`, body, 'body'));
      if (!content && body !== undefined) problems.push(`${method} ${found.template} takes no body`);
      return problems;
    },
  };
}

/**
 * Where the CLI knowingly asks for more than the description documents, each with its reason.
 * Anything else that does not match fails.
 */
const DELIBERATE_REQUESTS: [RegExp, string][] = [
  [
    /^GET \/currencies: no operation/,
    'Paddle has no currencies endpoint: the billing library asks once a day and uses its own table on the 404 (src/billing/currencies-source.ts)',
  ],
  [
    /^GET \/discounts: query status\/[23] must be equal to one of the allowed values/,
    'expired and used discounts: the filter enum names only active and archived, the Node SDK’s list options all four (docs/discount-statuses.md)',
  ],
];

/** What is wrong with each of `requests` (`METHOD path: problem`), but for what DELIBERATE_REQUESTS names. */
export function undocumentedRequests(
  validator: RequestValidator,
  requests: readonly SentRequest[],
): string[] {
  return requests
    .flatMap((r) => validator.check(r).map((p) => `${r.method} ${r.path}: ${p}`))
    .filter((problem) => !DELIBERATE_REQUESTS.some(([pattern]) => pattern.test(problem)));
}

type Documented = Record<string, unknown> & { id: string };

/** Every record under `data` in the documented answers of `paths` (Paddle's examples), each distinct one once. */
export function documentedRecords(paths: readonly string[], file = FULL_SPEC_FILE): Documented[] {
  const spec = sharedSpec(file);
  const found = new Map<string, Documented>();
  for (const path of paths) {
    for (const operation of Object.values(spec.paths[path]) as { responses?: Record<string, unknown> }[]) {
      for (const response of Object.values(operation.responses ?? {}) as {
        content?: Record<string, { examples?: Record<string, { value: { data?: unknown } }> }>;
      }[]) {
        for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) {
          const data = example.value.data ?? [];
          for (const record of (Array.isArray(data) ? data : [data]) as Documented[])
            if (record.id) found.set(JSON.stringify(record), record);
        }
      }
    }
  }
  return structuredClone([...found.values()]);
}

/** The first record of each id: one account holds one record per id. */
export function oncePerId<T extends { id: string }>(records: T[]): T[] {
  return [...new Map(records.toReversed().map((r) => [r.id, r])).values()].toReversed();
}

/**
 * Holds a delivered webhook's payload to the `webhooks:` schema of its event type in the whole
 * description with what came after it (currentSpec): the ajv errors, or [] when it matches.
 */
export function webhookValidator(): { check(eventType: string, payload: unknown): string[] } {
  const { spec, ajv } = compiledSpec(FULL_SPEC_FILE);
  return {
    check(eventType, payload) {
      if (!spec.webhooks?.[eventType]) return [`no webhooks: entry for ${eventType}`];
      const ref = `${SPEC_ID}#/webhooks/${escapePointer(eventType)}/post/requestBody/content/application~1json/schema`;
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (validate(payload)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}
