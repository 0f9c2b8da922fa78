// The rules of notification destinations and discount groups, as a table: each row a catalog and
// the one error it has (rule, path, message), or none.
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../src/catalog/read.js';
import { catalogWith, errorsOf, type Json } from '../support/catalog-rules.js';

const app = (): Json => ({
  description: 'App webhooks',
  destination: 'https://example.com/paddle/webhooks',
  subscribed_events: ['subscription.created', 'transaction.completed'],
});
const withNotification = (fields: Json, top: Json = {}) =>
  catalogWith({ top: { notifications: { app: { ...app(), ...fields } }, ...top } });
const groups = (entries: Json, discounts: Json = {}) =>
  catalogWith({ top: { discount_groups: entries, discounts } });
const launch = (fields: Json = {}): Json => ({
  description: 'Launch offer',
  type: 'percentage',
  amount: '25',
  ...fields,
});

interface Row {
  title: string;
  text: string;
  expected: { rule: string; path: string; message: RegExp } | null;
}

const rows: Row[] = [
  {
    title: 'a webhook with one URL for both environments is valid',
    text: withNotification({}),
    expected: null,
  },
  {
    title: 'every optional field at once is valid',
    text: withNotification({
      type: 'url',
      api_version: 1,
      include_sensitive_fields: true,
      traffic_source: 'all',
      active: false,
      destination: { sandbox: 'https://staging.example.com/hooks', production: 'https://example.com/hooks' },
    }),
    expected: null,
  },
  {
    title: 'an email destination with type email is valid',
    text: withNotification({ type: 'email', destination: 'billing@example.com' }),
    expected: null,
  },
  {
    title: 'a destination for production only is valid (the sandbox has none)',
    text: withNotification({ destination: { production: 'https://example.com/hooks' } }),
    expected: null,
  },
  {
    title: 'notification-events: an event Paddle does not send is refused, with a did you mean',
    text: withNotification({ subscribed_events: ['subscription.create'] }),
    expected: {
      rule: 'notification-events',
      path: 'notifications.app.subscribed_events.0',
      message: /not an event Paddle sends \(did you mean "subscription\.created"\?\)/,
    },
  },
  {
    title: 'notification-events: an event named twice is refused',
    text: withNotification({ subscribed_events: ['transaction.paid', 'transaction.paid'] }),
    expected: {
      rule: 'notification-events',
      path: 'notifications.app.subscribed_events.1',
      message: /twice/,
    },
  },
  {
    title: 'notification-events: an empty list is refused',
    text: withNotification({ subscribed_events: [] }),
    expected: {
      rule: 'notification-events',
      path: 'notifications.app.subscribed_events',
      message: /at least one/,
    },
  },
  {
    title: 'notification-events: events Paddle documented after its OpenAPI (discount groups) are known',
    text: withNotification({ subscribed_events: ['discount_group.created', 'client_token.revoked'] }),
    expected: null,
  },
  {
    title: 'notification-destination: an email address for a url destination is refused',
    text: withNotification({ destination: 'billing@example.com' }),
    expected: {
      rule: 'notification-destination',
      path: 'notifications.app.destination',
      message: /type: email/,
    },
  },
  {
    title: 'notification-destination: a URL for an email destination is refused',
    text: withNotification({ type: 'email', destination: { sandbox: 'https://example.com/hooks' } }),
    expected: {
      rule: 'notification-destination',
      path: 'notifications.app.destination.sandbox',
      message: /not an email address/,
    },
  },
  {
    title: 'notification-destination: a relative URL is refused',
    text: withNotification({ destination: '/paddle/webhooks' }),
    expected: {
      rule: 'notification-destination',
      path: 'notifications.app.destination',
      message: /absolute/,
    },
  },
  {
    title: 'notification-destination: a map naming no environment is refused',
    text: withNotification({ destination: {} }),
    expected: {
      rule: 'notification-destination',
      path: 'notifications.app.destination',
      message: /no environment/,
    },
  },
  {
    title: 'notification-destination: more than 2048 characters is refused',
    text: withNotification({ destination: `https://example.com/${'x'.repeat(2030)}` }),
    expected: { rule: 'notification-destination', path: 'notifications.app.destination', message: /2048/ },
  },
  {
    title:
      "notification-description: more than 354 characters is refused (Paddle's 500 less the marker's room)",
    text: withNotification({ description: 'x'.repeat(355) }),
    expected: { rule: 'notification-description', path: 'notifications.app.description', message: /1–354/ },
  },
  {
    title: 'notification-description: a blank description is refused',
    text: withNotification({ description: '   ' }),
    expected: { rule: 'notification-description', path: 'notifications.app.description', message: /blank/ },
  },
  {
    title: 'a discount naming its group by key is valid',
    text: groups({ launch: { name: 'Launch' } }, { spring: launch({ discount_group: 'launch' }) }),
    expected: null,
  },
  {
    title: 'discount-group-unknown: a discount naming a group the catalog has not is refused',
    text: groups({ launch: { name: 'Launch' } }, { spring: launch({ discount_group: 'lanch' }) }),
    expected: {
      rule: 'discount-group-unknown',
      path: 'discounts.spring.discount_group',
      message: /not a key under discount_groups \(did you mean "launch"\?\)/,
    },
  },
  {
    title: 'discount-group-name: two groups with one name are refused (Paddle keeps one per name)',
    text: groups({ launch: { name: 'Launch' }, spring: { name: 'Launch' } }),
    expected: {
      rule: 'discount-group-name',
      path: 'discount_groups.spring.name',
      message: /both named "Launch"/,
    },
  },
  {
    title: 'discount-group-name: a name above 354 characters is refused',
    text: groups({ launch: { name: 'x'.repeat(355) } }),
    expected: { rule: 'discount-group-name', path: 'discount_groups.launch.name', message: /1–354/ },
  },
  {
    title: 'env-name-collision: a discount group and a discount meet in one dotenv name',
    text: groups({ x: { name: 'X' } }, { 'group-x': launch() }),
    expected: {
      rule: 'env-name-collision',
      path: 'discount_groups.x',
      message: /discount group x and discount group-x/,
    },
  },
];

describe('notification and discount group rules', () => {
  it.each(rows)('$title', ({ text, expected }) => {
    const errors = errorsOf(text);
    if (expected === null) {
      expect(errors).toEqual([]);
      return;
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: expected.rule, path: expected.path });
    expect(errors[0]?.message).toMatch(expected.message);
  });
});

describe('notification-destination-local: a webhook URL on this machine goes only to the emulator', () => {
  const read = (destination: unknown, target?: 'paddle' | 'emulator', environment = 'sandbox' as const) =>
    readCatalog('catalog.yaml', withNotification({ destination }), {
      environment,
      ...(target ? { target } : {}),
    }).issues.filter((issue) => issue.severity === 'error');
  const local = 'http://127.0.0.1:3000/hooks';

  it.each([
    ['one URL for both', local, 'notifications.app.destination'],
    ['localhost', 'http://localhost:3000/hooks', 'notifications.app.destination'],
    ['[::1] over https', 'https://[::1]:8443/hooks', 'notifications.app.destination'],
    [
      "the sandbox's of a map",
      { sandbox: local, production: 'https://example.com/h' },
      'notifications.app.destination.sandbox',
    ],
  ])('against Paddle, %s is refused at its place', (_, destination, path) => {
    const [only, ...more] = read(destination, 'paddle');
    expect(more).toEqual([]);
    expect(only).toMatchObject({ rule: 'notification-destination-local', path });
    expect(only?.message).toMatch(/on this machine, which Paddle cannot reach/);
  });

  it.each([
    ['the emulator', local, 'emulator' as const],
    ['a target not known yet (validate)', local, undefined],
    ['a public URL against Paddle', 'https://example.com/hooks', 'paddle' as const],
    [
      "another environment's local URL",
      { production: local, sandbox: 'https://example.com/h' },
      'paddle' as const,
    ],
  ])('%s: no error', (_, destination, target) => {
    expect(read(destination, target)).toEqual([]);
  });

  it('an email destination is not a URL on this machine', () => {
    const text = withNotification({ type: 'email', destination: 'ops@localhost.example' });
    expect(readCatalog('catalog.yaml', text, { environment: 'sandbox', target: 'paddle' }).issues).toEqual(
      [],
    );
  });
});
