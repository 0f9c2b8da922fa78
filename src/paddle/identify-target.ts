// Whether the target is Paddle or the emulator, asked before anything is written: Paddle's own hosts
// are Paddle; any other PADDLE_API_URL is asked with one read, whose answer (a refusal too) names
// the emulator in its header or does not (target-kind.ts). Asked only where it matters: a catalog
// with a webhook destination on this machine.
import { rawEnvelope } from './raw-api.js';
import { BASE_URLS, type Target } from './target.js';
import { type TargetKind, targetKindHeard } from './target-kind.js';

export async function identifyTarget(target: Target, local: boolean): Promise<TargetKind> {
  if (local) return 'emulator';
  if (Object.values(BASE_URLS).includes(target.baseUrl)) return 'paddle';
  const heard = targetKindHeard();
  try {
    // a list every key may be refused: the answer's header is what is asked for, not its body
    await rawEnvelope(
      { ...target, kind: heard },
      { method: 'GET', path: '/event-types', operation: 'list event types' },
    );
  } catch (error) {
    // no answer at all (the network, a timeout) says nothing of the target: that failure is the user's
    if (heard.kind() === undefined) throw error;
  }
  return heard.kind() ?? 'paddle';
}
