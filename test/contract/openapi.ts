// Validates emulator responses against Paddle's OpenAPI description (May 2025) with ajv, after
// teaching it what the API gained since (research §9): currencies CLP and PEN, tax_mode
// `location`. Newer fields (grand_total_tax, trial_period.requires_payment_method, a paid
// trial's unit_price) need no patch: those schemas allow additional properties.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const SPEC_FILE = '/work/shared/paddle-openapi/openapi-subset-catalog-transactions-customers.yaml';
/** The whole description, for the resources the subset leaves out (discounts). */
export const FULL_SPEC_FILE = '/work/shared/paddle-openapi/openapi-2025-05-27.yaml';
const SPEC_ID = 'https://paddle.example/openapi.json';

// biome-ignore lint/suspicious/noExplicitAny: the spec is untyped YAML
type Json = any;

function loadSpec(file: string): Json {
  const spec = parse(readFileSync(file, 'utf8'));
  const schemas = spec.components.schemas;
  schemas.currency_code.enum.push('CLP', 'PEN');
  schemas.tax_mode.enum.push('location');
  return spec;
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

export interface ResponseValidator {
  /** the ajv errors, or [] when `body` matches the spec's response for that operation and status */
  check(method: string, pathTemplate: string, status: number, body: unknown): string[];
}

export function responseValidator(file = SPEC_FILE): ResponseValidator {
  const spec = loadSpec(file);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
  addFormats(ajv);
  ajv.addSchema({ ...spec, $id: SPEC_ID });
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
