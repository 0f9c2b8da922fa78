// The marker at the end of a notification's description and a discount group's name: what the tool
// writes, what it reads back, and what it never takes for its own (text a person or another catalog wrote).
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_GROUP_NAME_CATALOG_MAX,
  NOTIFICATION_DESCRIPTION_CATALOG_MAX,
} from '../../src/catalog/notification-schema.js';
import { TEXT_MARKER_MAX } from '../../src/catalog/schema-fields.js';
import {
  DISCOUNT_GROUP_NAME_MAX,
  NOTIFICATION_DESCRIPTION_MAX,
} from '../../src/paddle-facts/notifications.js';
import { markText, readTextMarker, textKeyIn } from '../../src/planner/text-marker.js';

const longest = { key: 'k'.repeat(63), catalog: 'c'.repeat(63) };

describe('the text marker', () => {
  it.each([
    ['App webhooks', { key: 'app', catalog: 'default' }, 'App webhooks (paddle-catalog: app)'],
    ['App webhooks', { key: 'app', catalog: 'billing' }, 'App webhooks (paddle-catalog: billing/app)'],
    [
      'Launch offers',
      { key: 'launch_2-b', catalog: 'default' },
      'Launch offers (paddle-catalog: launch_2-b)',
    ],
  ])('%j marked as %j reads back as written', (text, marker, kept) => {
    expect(markText(text, marker)).toBe(kept);
    expect(readTextMarker(kept)).toEqual({ text, marker });
  });

  it.each([
    ['made in the dashboard', 'App webhooks'],
    ['the marker not at the end', 'App webhooks (paddle-catalog: app) old'],
    ['a trailing newline after it', 'App webhooks (paddle-catalog: app)\n'],
    ['a key in capitals', 'App webhooks (paddle-catalog: APP)'],
    ['a key with a dot or slash path', 'App webhooks (paddle-catalog: ../app)'],
    ['three parts', 'App webhooks (paddle-catalog: a/b/c)'],
    ['full-width parentheses', 'App webhooks （paddle-catalog: app）'],
    ['no space before it', 'App webhooks(paddle-catalog: app)'],
    ['a key longer than 63', `App webhooks (paddle-catalog: ${'a'.repeat(64)})`],
    ['an empty key', 'App webhooks (paddle-catalog: )'],
  ])("%s: not the tool's (no marker, the text as it is)", (_title, kept) => {
    expect(readTextMarker(kept)).toEqual({ text: kept });
  });

  it("a text that itself ends like a marker keeps it: only the last one is the tool's", () => {
    const hostile = 'Hooks (paddle-catalog: other)';
    const kept = markText(hostile, { key: 'app', catalog: 'default' });
    expect(readTextMarker(kept)).toEqual({ text: hostile, marker: { key: 'app', catalog: 'default' } });
    expect(textKeyIn('default', kept)).toBe('app');
  });

  it("another catalog's object is not this one's, nor the default catalog's", () => {
    const kept = markText('App webhooks', { key: 'app', catalog: 'billing' });
    expect(textKeyIn('billing', kept)).toBe('app');
    expect(textKeyIn('default', kept)).toBeUndefined();
    expect(textKeyIn('default', 'App webhooks')).toBeUndefined();
  });

  it('the longest marker is TEXT_MARKER_MAX characters', () => {
    expect(markText('', longest).length).toBe(TEXT_MARKER_MAX);
  });

  it.each([
    ['a notification description', NOTIFICATION_DESCRIPTION_CATALOG_MAX, NOTIFICATION_DESCRIPTION_MAX],
    ['a discount group name', DISCOUNT_GROUP_NAME_CATALOG_MAX, DISCOUNT_GROUP_NAME_MAX],
  ])(
    "%s at the catalog's limit with the longest marker is at Paddle's limit, and reads back",
    (_t, max, paddle) => {
      const text = 'x'.repeat(max);
      const kept = markText(text, longest);
      expect(kept.length).toBe(paddle);
      expect(readTextMarker(kept)).toEqual({ text, marker: longest });
    },
  );
});
