// A stand-in for the `client` of Paddle's hosted tool server execute tool: method
// paths camelCase, request bodies and response fields snake_case. Each method is one real HTTP
// call against the emulator. It also holds the scripts to the conventions and caps: a camelCase
// body key or a 51st API call fails the script, as would the real server's limit.
import { compileOperations } from '../../src/operations/compile.js';
import type { Plan } from '../../src/planner/types.js';
import { printScripts, TOOL_SERVER_CAPS, type ToolServerEmission } from '../../src/tool-server/scripts.js';

type Json = Record<string, unknown>;

export interface ToolServerRun {
  /** what the script printed, parsed (the last console.log line) */
  printed: unknown;
  calls: number;
}

/** Keys the user owns (custom_data) are free; every other key must be snake_case. */
function assertSnakeCase(value: unknown, path = 'body'): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) assertSnakeCase(v, `${path}[${i}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`${path}.${key}: body keys are snake_case`);
      if (key !== 'custom_data') assertSnakeCase(v, `${path}.${key}`);
    }
  }
}

function createToolServerClient(baseUrl: string, apiKey: string) {
  let calls = 0;
  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    calls += 1;
    if (calls > TOOL_SERVER_CAPS.calls) throw new Error(`more than ${TOOL_SERVER_CAPS.calls} API calls`);
    if (body !== undefined) assertSnakeCase(body);
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { data?: Json; error?: { code: string; detail: string } };
    if (envelope.error)
      throw new Error(`${method} ${path}: ${envelope.error.code}: ${envelope.error.detail}`);
    return envelope.data as Json;
  }
  const resource = (name: string) => ({
    create: (body: Json) => call('POST', `/${name}`, body),
    update: (id: string, body: Json) => call('PATCH', `/${name}/${encodeURIComponent(id)}`, body),
    get: (id: string) => call('GET', `/${name}/${encodeURIComponent(id)}`),
  });
  return {
    client: {
      products: resource('products'),
      prices: resource('prices'),
      discounts: resource('discounts'),
      subscriptions: resource('subscriptions'),
    },
    calls: () => calls,
  };
}

// biome-ignore lint/complexity/useArrowFunction: the constructor of async functions is what is wanted
const AsyncFunction = async function () {}.constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** Runs one script as the execute tool would: top-level await, `client` and `console` in scope. */
export async function runToolServerScript(
  code: string,
  baseUrl: string,
  apiKey: string,
): Promise<ToolServerRun> {
  const { client, calls } = createToolServerClient(baseUrl, apiKey);
  const printed: string[] = [];
  const console = { log: (...args: unknown[]) => printed.push(args.map(String).join(' ')) };
  await new AsyncFunction('client', 'console', code)(client, console);
  const last = printed.at(-1);
  return { printed: last === undefined ? undefined : JSON.parse(last), calls: calls() };
}

/** The scripts `plan --emit tool-server` prints for a plan, its operations compiled as apply would. */
export function toolServerScripts(plan: Plan): ToolServerEmission {
  return printScripts(plan, compileOperations(plan));
}
