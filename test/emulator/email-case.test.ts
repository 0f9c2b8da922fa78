// Customers' e-mail letter case: stored as given, and the list's `email` filter in both of the
// emulator's modes. Paddle's docs say the filter matches exactly and say nothing of case, so the
// emulator models both readings: ignoring case (the default) and case-sensitive (the switch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatorSeed, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { call } from '../support/emulator.js';

const SEED: EmulatorSeed = {
  sandbox: { customers: [{ email: 'Ann@Example.com', name: 'Ann' }] },
};

const emailsOf = async (emulator: RunningEmulator, query: string) =>
  (await call(emulator, 'GET', `/customers?${query}`)).body.data.map((c: { email: string }) => c.email);

describe.each([
  { mode: 'ignoring case (default)', caseSensitiveEmails: undefined },
  { mode: 'case-sensitive (--case-sensitive-emails)', caseSensitiveEmails: true },
])('the customers list, $mode', ({ caseSensitiveEmails }) => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ demo: false, seed: SEED, caseSensitiveEmails });
  });
  afterAll(() => emulator.close());

  it('a seeded e-mail keeps its letter case', async () => {
    expect(await emailsOf(emulator, 'search=ann')).toEqual(['Ann@Example.com']);
  });

  it('a created or updated e-mail is stored as sent', async () => {
    const created = await call(emulator, 'POST', '/customers', { body: { email: 'Jo.Brown@Example.com' } });
    expect(created.body.data.email).toBe('Jo.Brown@Example.com');
    const updated = await call(emulator, 'PATCH', `/customers/${created.body.data.id}`, {
      body: { email: 'Jo@Example.COM' },
    });
    expect(updated.body.data.email).toBe('Jo@Example.COM');
  });

  it('the exact e-mail matches in both modes', async () => {
    expect(await emailsOf(emulator, 'email=Ann@Example.com')).toEqual(['Ann@Example.com']);
  });

  it(`another case ${caseSensitiveEmails ? 'finds nobody' : 'finds the customer'}`, async () => {
    const found = await emailsOf(emulator, 'email=ann@example.com');
    expect(found).toEqual(caseSensitiveEmails ? [] : ['Ann@Example.com']);
  });

  it('search ignores case in both modes, as Paddle’s search does', async () => {
    expect(await emailsOf(emulator, 'search=ann@example.com')).toEqual(['Ann@Example.com']);
    expect(await emailsOf(emulator, 'search=ANN@EXAMPLE.COM')).toEqual(['Ann@Example.com']);
  });

  it('an address in another case is still a duplicate (409)', async () => {
    const again = await call(emulator, 'POST', '/customers', { body: { email: 'ANN@example.com' } });
    expect([again.status, again.body.error.code]).toEqual([409, 'customer_already_exists']);
  });
});

describe('the setting', () => {
  it('a seed section sets it per account; the option overrides the seed', async () => {
    const seed: EmulatorSeed = {
      sandbox: { ...SEED.sandbox, case_sensitive_emails: true },
      live: { customers: [{ email: 'Ann@Example.com' }] },
    };
    const emulator = await startEmulator({ demo: false, seed });
    const live = { key: emulator.liveApiKey };
    expect(await emailsOf(emulator, 'email=ann@example.com')).toEqual([]);
    const inLive = (await call(emulator, 'GET', '/customers?email=ann@example.com', live)).body.data;
    expect(inLive).toHaveLength(1);
    await emulator.close();
    const overridden = await startEmulator({ demo: false, seed, caseSensitiveEmails: false });
    expect(await emailsOf(overridden, 'email=ann@example.com')).toEqual(['Ann@Example.com']);
    await overridden.close();
  });
});
