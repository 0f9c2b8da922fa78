// /notifications as Paddle's Node SDK calls it over HTTP (notifications.list, get, getLogs, replay):
// each raw answer the emulator gave the SDK is held to Paddle's OpenAPI description of that
// operation and status, so the shape is checked by what nobody here wrote, not by our expectations.
// The answers are read off the wire by a tap on fetch that passes every call through unchanged.
import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call, productBody } from '../support/emulator.js';
import { FULL_SPEC_FILE, type ResponseValidator, responseValidator } from '../support/openapi.js';
import { sdkOf } from '../support/sdk.js';
import { startReceiver } from '../support/webhook-receiver.js';

interface Answer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let validator: ResponseValidator;
let paddle: Paddle;
const answers: Answer[] = [];
const platformFetch = globalThis.fetch;

beforeAll(async () => {
  validator = responseValidator(FULL_SPEC_FILE);
  receiver = await startReceiver();
  emulator = await startEmulator({ demo: false, forwardTo: receiver.url });
  paddle = sdkOf(emulator);
  // the SDK's requests to the emulator, answered as they were; the webhooks it sends pass untouched
  globalThis.fetch = async (input, init) => {
    const response = await platformFetch(input, init);
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.origin === new URL(emulator.url).origin) {
      const text = await response.clone().text();
      answers.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        status: response.status,
        body: text ? JSON.parse(text) : null,
      });
    }
    return response;
  };
  await call(emulator, 'POST', '/products', { body: productBody() });
  await emulator.notificationsSettled();
});
afterAll(async () => {
  globalThis.fetch = platformFetch;
  await emulator.close();
  await receiver.close();
});

/** The raw answer of the SDK's last call to `path`, checked against the operation's response. */
function lastAnswerMatches(method: string, template: string, path: string): Answer {
  const answer = answers.findLast((a) => a.method === method && a.path === path);
  expect(answer, `${method} ${path}`).toBeDefined();
  const { status, body } = answer as Answer;
  expect(validator.check(method, template, status, body), `${method} ${path} ${status}`).toEqual([]);
  return answer as Answer;
}

describe('/notifications through the Node SDK, held to Paddle’s OpenAPI', () => {
  it('notifications.list: a page of delivered notifications', async () => {
    const page = await paddle.notifications.list().next();
    expect(page.map((n) => n.type)).toContain('product.created');
    const answer = lastAnswerMatches('GET', '/notifications', '/notifications');
    expect(answer.status).toBe(200);
    // the check can fail: a notification whose status Paddle does not have is refused
    const [record] = (answer.body as { data: Record<string, unknown>[] }).data;
    const changed = { ...(answer.body as object), data: [{ ...record, status: 'sent' }] };
    expect(validator.check('GET', '/notifications', 200, changed)).not.toEqual([]);
  });

  it('notifications.get and getLogs: one notification and the log of its attempts', async () => {
    const [first] = await paddle.notifications.list().next();
    const id = first?.id as string;
    const one = await paddle.notifications.get(id);
    expect(one.status).toBe('delivered');
    lastAnswerMatches('GET', '/notifications/{notification_id}', `/notifications/${id}`);
    const logs = await paddle.notifications.getLogs(id).next();
    expect(logs.map((log) => log.responseCode)).toEqual([200]);
    lastAnswerMatches('GET', '/notifications/{notification_id}/logs', `/notifications/${id}/logs`);
  });

  it('notifications.replay: 202 with the new notification’s id', async () => {
    const [first] = await paddle.notifications.list().next();
    const id = first?.id as string;
    const replayed = await paddle.notifications.replay(id);
    expect(replayed.notificationId).toMatch(/^ntf_/);
    const answer = lastAnswerMatches(
      'POST',
      '/notifications/{notification_id}/replay',
      `/notifications/${id}/replay`,
    );
    expect(answer.status).toBe(202);
  });

  it('a notification the account does not have: Paddle’s 404 error envelope', async () => {
    const missing = 'ntf_01aaaaaaaaaaaaaaaaaaaaaaaa';
    await expect(paddle.notifications.get(missing)).rejects.toThrow();
    expect(
      lastAnswerMatches('GET', '/notifications/{notification_id}', `/notifications/${missing}`).status,
    ).toBe(404);
    await expect(paddle.notifications.getLogs(missing).next()).rejects.toThrow();
    lastAnswerMatches('GET', '/notifications/{notification_id}/logs', `/notifications/${missing}/logs`);
  });
});
