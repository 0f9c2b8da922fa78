// The emulator's copy of Paddle's event types, held to what nobody here wrote: the event type names
// of Paddle's OpenAPI description (May 2025) with those Paddle documented since
// (test/support/openapi-overlay.ts, cited there), and the Node SDK's own list of event names.
import { EventName } from '@paddle/paddle-node-sdk';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, eventTypes } from '../../src/emulator/event-types.js';
import { currentSpec } from '../support/openapi.js';

describe('the event types the emulator serves are Paddle’s', () => {
  it('are the names of the OpenAPI description and the docs since, and the SDK’s, each once', () => {
    const spec = currentSpec();
    const documented = [...spec.components.schemas.event_type_name.enum].sort();
    expect(EVENT_NAMES).toEqual(documented);
    expect(EVENT_NAMES).toEqual(Object.values(EventName).sort());
    expect(new Set(eventTypes().map((t) => t.name)).size).toBe(EVENT_NAMES.length);
  });

  it('keep the descriptions and groups of Paddle’s own list-event-types example', () => {
    const spec = currentSpec();
    const example = spec.paths['/event-types'].get.responses['200'].content['application/json'].examples[
      'Standard - 200 OK'
    ].value.data as { name: string }[];
    const served = new Map(eventTypes().map((t) => [t.name, t]));
    for (const type of example) expect(served.get(type.name), type.name).toEqual(type);
    // and in Paddle's order: the example's names come in the same order in the emulator's list
    const order = eventTypes()
      .map((t) => t.name)
      .filter((name) => example.some((e) => e.name === name));
    expect(order).toEqual(example.map((e) => e.name));
  });
});
