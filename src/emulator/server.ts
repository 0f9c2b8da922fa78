// One API request end to end: faults, route, key and permission, body, handler, envelope, log.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EMULATOR_HEADER } from '../paddle-facts/environments.js';
import { type AdminHooks, handleAdmin } from './admin.js';
import { ApiFailure, internalError } from './api-error.js';
import { type KeyRing, requirePermission } from './auth.js';
import type { EmulatorCore, Reply } from './core.js';
import type { FaultInjector } from './faults.js';
import { parseJsonObject, readBody, sendJson, sendNoContent, stampDate } from './http.js';
import { eventOfWrite } from './notifications/write-events.js';
import type { RequestLog } from './request-log.js';
import { matchRoute } from './router.js';
import type { RecordedRequest } from './types.js';

export interface ServerParts extends AdminHooks {
  keys: KeyRing;
  faults: FaultInjector;
  log: RequestLog;
  /** the latency fault's wait (EmulatorOptions.wait) */
  wait(ms: number): Promise<void>;
  /** told of each API request as it arrives */
  arrivals: Set<(request: RecordedRequest) => void>;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Whether a request may have its body logged: it needs no key, or it came with a valid one. */
function authenticated(parts: ServerParts, req: IncomingMessage, url: URL): boolean {
  try {
    // an unknown path or method is answered 404/405 later; here it is just a route needing a key
    if (matchRoute(req.method ?? 'GET', url.pathname).route.permission === null) return true;
  } catch {}
  try {
    parts.keys.authenticate(req.headers.authorization);
    return true;
  } catch {
    return false;
  }
}

function answer(core: EmulatorCore, parts: ServerParts, req: IncomingMessage, url: URL, raw: Buffer): Reply {
  const method = req.method ?? 'GET';
  const { route, params } = matchRoute(method, url.pathname);
  const key = route.permission === null ? undefined : parts.keys.authenticate(req.headers.authorization);
  if (key && route.permission) requirePermission(key, route.permission);
  // a GET or DELETE carries no body (the SDK's delete sends none), nor a replay
  const none = route.method === 'GET' || route.method === 'DELETE' || route.noBody;
  const left = route.optionalBody && ['', 'null'].includes(raw.toString('utf8').trim());
  const body = none || left ? {} : parseJsonObject(raw);
  const account = core.accounts[key?.account ?? 'sandbox'];
  const reply = route.handle({
    core,
    account,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    params,
    body,
    key,
  });
  const event = eventOfWrite(method, url.pathname, reply.status ?? 200, reply.data);
  if (event) core.notifier.publish(account, event.type, event.data);
  return reply;
}

async function handleApi(
  core: EmulatorCore,
  parts: ServerParts,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: Buffer,
) {
  const requestId = randomUUID();
  const method = req.method ?? 'GET';
  const entry = parts.log.add(method, url, raw, authenticated(parts, req, url), core.now());
  for (const listener of parts.arrivals) listener(entry);
  let status: number;
  let body: unknown;
  let headers: Record<string, string> = {};
  try {
    parts.faults.admit(req.socket.remoteAddress ?? 'unknown', core.now().getTime());
    if (parts.faults.latencyMs > 0) await parts.wait(parts.faults.latencyMs);
    parts.faults.maybeFail();
    parts.faults.refuseQuery(method, url.pathname, url.searchParams);
    parts.catchUp();
    const reply = answer(core, parts, req, url, raw);
    status = reply.status ?? 200;
    if (WRITES.has(method)) parts.changed();
    const meta = reply.pagination
      ? { request_id: requestId, pagination: reply.pagination }
      : { request_id: requestId };
    body = { data: reply.data, meta };
    headers = reply.headers ?? {};
  } catch (error) {
    const failure = error instanceof ApiFailure ? error : internalError();
    if (!(error instanceof ApiFailure))
      process.emitWarning(`paddle emulator: ${(error as Error).stack ?? error}`);
    status = failure.status;
    body = failure.body(requestId);
    headers = failure.headers;
    if (failure.hint) entry.hint = failure.hint;
  }
  if (WRITES.has(method) && status < 300 && parts.faults.shouldDrop()) {
    // committed, but the client never hears back: an ambiguous failure
    req.socket.destroy();
    return;
  }
  entry.status = status;
  // the time of the answer, after any renewal it caught up on
  stampDate(res, core.now());
  if (status === 204) sendNoContent(res, requestId);
  else sendJson(res, status, body, requestId, headers);
}

/** The emulator's own endpoints; a bug there is a 500 with its stack as a warning, never the process's end. */
function adminOr500(
  parts: ServerParts,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: Buffer,
): void {
  try {
    handleAdmin(req.method ?? 'GET', url.pathname, raw, res, parts);
  } catch (error) {
    process.emitWarning(`paddle emulator: ${(error as Error).stack ?? error}`);
    const requestId = randomUUID();
    if (!res.headersSent) sendJson(res, 500, internalError().body(requestId), requestId);
    else res.destroy();
  }
}

export function requestHandler(core: EmulatorCore, parts: ServerParts) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    stampDate(res, core.now());
    // every answer, a refusal too, says it is the emulator: the tool accepts a webhook destination
    // on this machine only from a target that does (src/paddle/target-kind.ts)
    res.setHeader(EMULATOR_HEADER, '1');
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : internalError();
      const requestId = randomUUID();
      sendJson(res, failure.status, failure.body(requestId), requestId);
      return;
    }
    if (url.pathname.startsWith('/__emulator/')) adminOr500(parts, req, res, url, raw);
    else await handleApi(core, parts, req, res, url, raw);
  };
}
