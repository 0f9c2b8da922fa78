// The time a run judges by is the account's: an offset from the HTTP Date header of its answers,
// applied to the run's own clock (src/paddle/account-time.ts); an answer without one, or with one
// that is not an HTTP date of a day that exists, leaves it as it was (the machine's clock until a
// good one came). RFC 9110's Date field: https://www.rfc-editor.org/rfc/rfc9110#field.date
import { describe, expect, it } from 'vitest';
import { accountTime, httpDate } from '../../src/paddle/account-time.js';
import { jumpingClock } from '../support/jumping-clock.js';

describe('an HTTP Date header', () => {
  it.each([
    ['Tue, 12 Jan 2027 08:30:05 GMT', Date.parse('2027-01-12T08:30:05Z')],
    ['Sun, 28 Feb 2027 00:00:00 GMT', Date.parse('2027-02-28T00:00:00Z')],
  ])('%s is read as that instant', (text, at) => {
    expect(httpDate(text)).toBe(at);
  });

  it.each([
    [null],
    [''],
    ['Invalid Date'],
    ['2027-01-12T08:30:05Z'],
    ['Tuesday, 12-Jan-27 08:30:05 GMT'],
    ['Mon, 12 Jan 2027 08:30:05 GMT'],
    ['Wed, 31 Feb 2027 08:30:05 GMT'],
    ['Tue, 12 Jan 2027 25:30:05 GMT'],
  ])('%j is no HTTP date', (text) => {
    expect(httpDate(text)).toBeUndefined();
  });
});

describe("the account's time", () => {
  it("is the machine's clock until an answer says otherwise", () => {
    const machine = jumpingClock(Date.parse('2026-01-01T00:00:00Z'));
    const time = accountTime(machine);
    expect(time.now()).toBe(machine.now());
    time.hear(null);
    time.hear('not a date');
    expect(time.heard()).toBe(false);
    expect(time.now()).toBe(machine.now());
  });

  it('runs on from the Date header on the machine clock, a year ahead, and keeps it past a bad header', () => {
    const machine = jumpingClock(Date.parse('2026-01-01T00:00:00Z'));
    const time = accountTime(machine);
    time.hear('Tue, 12 Jan 2027 08:30:05 GMT');
    expect(time.heard()).toBe(true);
    expect(new Date(time.now()).toISOString()).toBe('2027-01-12T08:30:05.000Z');
    machine.advance(60 * 60 * 1000);
    expect(new Date(time.now()).toISOString()).toBe('2027-01-12T09:30:05.000Z');
    time.hear('Wed, 31 Feb 2027 08:30:05 GMT');
    time.hear(null);
    expect(new Date(time.now()).toISOString()).toBe('2027-01-12T09:30:05.000Z');
  });
});
