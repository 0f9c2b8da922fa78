// One attempt to deliver a notification: a POST of the payload as Paddle sends it (JSON, signed with
// the destination's secret at the machine's time of the attempt) that counts as answered only within
// Paddle's 5 seconds (https://developer.paddle.com/webhooks/about/respond-to-webhooks: "respond with
// an HTTP 200 status code within five seconds"). No answer in time, a refused connection or a reset
// are code 0 with no body: Paddle does not say what its log shows for them. Only a destination on
// this machine is attempted (isLoopbackText), so the emulator never reaches the network.
// node:http with a kept-alive connection, not fetch: a clock move's 70,000 deliveries took half the
// CPU and a third of the time (BENCHMARKS.md, "emulator clock"); of an answer's body only what the
// log keeps is held. The deadline and the emulator's closing each end the attempt through a listener
// removed once it is over (not AbortSignal.any, whose signals Node 20 ties to the long-lived one).
import { Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AttemptAnswer } from './records.js';
import { paddleSignature } from './signature.js';

const ANSWER_WITHIN_MS = 5_000;
/** characters of an answer's body kept in the log */
const BODY_KEPT = 1_000;

export interface AttemptPorts {
  /** the machine's clock (ms), for the signature's ts */
  machineNow(): number;
  /** a signal that aborts the attempt when the destination has not answered in time */
  deadline(ms: number): AbortSignal;
  /** aborts every attempt in flight when the emulator closes */
  closing: AbortSignal;
}

export function attempt(
  ports: AttemptPorts,
  url: string,
  secret: string,
  body: string,
): Promise<AttemptAnswer> {
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'paddle-signature': paddleSignature(secret, body, ports.machineNow()),
  };
  const deadline = ports.deadline(ANSWER_WITHIN_MS);
  return new Promise((resolve) => {
    let sent: ClientRequest | undefined;
    const settle = (answer: AttemptAnswer) => {
      deadline.removeEventListener('abort', giveUp);
      ports.closing.removeEventListener('abort', giveUp);
      resolve(answer);
    };
    const giveUp = () => {
      settle(NO_ANSWER);
      sent?.destroy();
    };
    if (deadline.aborted || ports.closing.aborted) return settle(NO_ANSWER);
    deadline.addEventListener('abort', giveUp, { once: true });
    ports.closing.addEventListener('abort', giveUp, { once: true });
    try {
      sent = post(url, headers, (response) => readAnswer(response, settle));
    } catch {
      return settle(NO_ANSWER);
    }
    sent.on('error', () => settle(NO_ANSWER));
    sent.end(body);
  });
}

const NO_ANSWER: AttemptAnswer = { code: 0, contentType: null, body: '' };
/** kept-alive connections: one per destination at a time, reused by the next delivery */
const agent = new Agent({ keepAlive: true });

function post(url: string, headers: Record<string, string>, onResponse: (r: IncomingMessage) => void) {
  const options = { method: 'POST', headers };
  return new URL(url).protocol === 'https:'
    ? httpsRequest(url, options, onResponse)
    : httpRequest(url, { ...options, agent }, onResponse);
}

/** The answer's status, type and first BODY_KEPT characters; the rest of its body is read and dropped. */
function readAnswer(response: IncomingMessage, settle: (answer: AttemptAnswer) => void): void {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    // one more than kept, for a byte order mark taken off at the end
    if (text.length <= BODY_KEPT) text += chunk.slice(0, BODY_KEPT + 1 - text.length);
  });
  response.on('end', () =>
    settle({
      code: response.statusCode ?? 0,
      contentType: response.headers['content-type'] ?? null,
      // as a text read by fetch: a byte order mark is not part of it
      body: (text.startsWith('\uFEFF') ? text.slice(1) : text).slice(0, BODY_KEPT),
    }),
  );
  // a reset before the body's end (after 'end' the answer is already settled)
  response.on('close', () => settle(NO_ANSWER));
}
