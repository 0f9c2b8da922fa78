// The notification settings facts of src/paddle-facts/notifications.ts held against Paddle's OpenAPI:
// the event names (every name of the OpenAPI's enum, plus only those Paddle documented after it), the
// types, the traffic sources, the field limits and the signing secret's pattern.
import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_SECRET_PATTERN,
  EVENT_NAMES,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_DESTINATION_MAX,
  NOTIFICATION_TYPES,
  TRAFFIC_SOURCES,
} from '../../src/paddle-facts/notifications.js';
import { currentSpec } from '../support/openapi.js';

// with the event names Paddle documented after it (test/support/openapi-overlay.ts)
const schemas = currentSpec().components.schemas;
const setting = schemas.notification_setting.properties;

describe("notification settings facts agree with Paddle's OpenAPI", () => {
  it("the event names are the OpenAPI enum with the names Paddle's webhook pages documented since, each once", () => {
    const openapi: string[] = schemas.event_type_name.enum;
    expect([...EVENT_NAMES].sort()).toEqual([...openapi].sort());
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('types, traffic sources, lengths and the secret pattern are the OpenAPI entity’s', () => {
    expect([...NOTIFICATION_TYPES].sort()).toEqual([...setting.type.enum].sort());
    expect([...TRAFFIC_SOURCES]).toEqual(setting.traffic_source.enum);
    expect(NOTIFICATION_DESCRIPTION_MAX).toBe(setting.description.maxLength);
    expect(NOTIFICATION_DESTINATION_MAX).toBe(setting.destination.maxLength);
    expect(ENDPOINT_SECRET_PATTERN.source).toBe(setting.endpoint_secret_key.pattern);
  });

  it('type cannot be updated: the OpenAPI update body has no type (a changed type is a replacement)', () => {
    expect(Object.keys(schemas['notification_setting-update'].properties)).not.toContain('type');
  });
});
