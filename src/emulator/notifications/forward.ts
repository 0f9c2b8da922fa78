// `emulator --forward-to <url>`: a notification setting of the sandbox account that takes every
// event, sent to an app on this machine, so an app's webhook handler is tested with no tunnel.
// Made when the emulator starts, or found again in saved state by its destination and description;
// its secret is the emulator's own (it verifies only this emulator's deliveries).
import { UserError } from '../../errors.js';
import { isLoopbackText } from '../../text/loopback.js';
import type { Account, EmulatorCore } from '../core.js';
import { EVENT_NAMES } from '../event-types.js';
import { newNotificationSetting } from '../routes/notification-settings.js';
import type { WireRecord } from '../types.js';

const FORWARD_DESCRIPTION = 'paddle-catalog emulator --forward-to';

export interface Forwarding {
  url: string;
  /** the setting's endpoint_secret_key: what the app verifies deliveries with */
  secret: string;
}

export function forwardTo(core: Omit<EmulatorCore, 'notifier'>, url: string): Forwarding {
  if (!isLoopbackText(url) || !/^https?:/.test(url)) {
    throw new UserError(
      `--forward-to ${JSON.stringify(url)} is not an address on this machine.`,
      'The emulator sends only to this machine: pass an http://127.0.0.1:<port>/… or http://localhost:<port>/… URL.',
    );
  }
  const account: Account = core.accounts.sandbox;
  const settings = account.state.notification_settings;
  const known = settings
    .all()
    .find((s) => s.destination === url && s.description === FORWARD_DESCRIPTION && s.type === 'url');
  const setting: WireRecord =
    known ??
    newNotificationSetting(core.ids.next('ntfset', core.now().getTime()), {
      description: FORWARD_DESCRIPTION,
      type: 'url',
      destination: url,
      subscribed_events: EVENT_NAMES,
    });
  if (!known) settings.insert(setting);
  setting.active = true;
  return { url, secret: setting.endpoint_secret_key };
}
