// One attempt to deliver a notification: a POST of the payload as Paddle sends it (JSON, signed with
// the destination's secret at the machine's time of the attempt) that counts as answered only within
// Paddle's 5 seconds (https://developer.paddle.com/webhooks/about/respond-to-webhooks: "respond with
// an HTTP 200 status code within five seconds"). No answer in time, a refused connection or a reset
// are code 0 with no body: Paddle does not say what its log shows for them. Only a destination on
// this machine is attempted (isLoopback), so the emulator never reaches the network.
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

/** A destination on this machine: the only kind the emulator sends to. */
export function isLoopback(destination: string): boolean {
  try {
    const host = new URL(destination).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

export async function attempt(
  ports: AttemptPorts,
  url: string,
  secret: string,
  body: string,
): Promise<AttemptAnswer> {
  const headers = {
    'content-type': 'application/json',
    'paddle-signature': paddleSignature(secret, body, ports.machineNow()),
  };
  const signal = AbortSignal.any([ports.deadline(ANSWER_WITHIN_MS), ports.closing]);
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
    const text = await response.text();
    return {
      code: response.status,
      contentType: response.headers.get('content-type'),
      body: text.slice(0, BODY_KEPT),
    };
  } catch {
    return { code: 0, contentType: null, body: '' };
  }
}
