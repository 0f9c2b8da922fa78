// The reading of the rehearsal's shell lines (rehearsal-steps.ts) in the forms docs/emulator.md
// writes them: words as the shell splits and expands them, bash's brace ranges, curl's flags.
import { describe, expect, it } from 'vitest';
import { braces, curlRequest, logicalLines, words } from './rehearsal-steps.js';

const VARS = { PADDLE_API_URL: 'http://127.0.0.1:4010', day: '2027-02-02', '?': '2' };

describe('the rehearsal’s shell lines', () => {
  it.each([
    [
      'plain words, and a comment apart',
      'paddle-catalog apply plan.json --yes   # exit 1: waits',
      ['paddle-catalog', 'apply', 'plan.json', '--yes'],
      'exit 1: waits',
    ],
    ['single quotes kept as written', `curl -d '{"now": "$day"}'`, ['curl', '-d', '{"now": "$day"}'], ''],
    [
      'double quotes: escapes and a braced name expanded',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell line, as the page writes it
      'x "{\\"now\\": \\"${day}T06:00:00Z\\"}"',
      ['x', '{"now": "2027-02-02T06:00:00Z"}'],
      '',
    ],
    [
      'a bare $NAME expanded inside a word',
      'curl $PADDLE_API_URL/__emulator/clock',
      ['curl', 'http://127.0.0.1:4010/__emulator/clock'],
      '',
    ],
    ['$? and the operators as words', '[ $? = 2 ] || break', ['[', '2', '=', '2', ']', '||', 'break'], ''],
    [
      'a trailing & alone',
      'paddle-catalog emulator --no-demo &',
      ['paddle-catalog', 'emulator', '--no-demo', '&'],
      '',
    ],
  ])('%s', (_title, line, expected, comment) => {
    expect(words(line, VARS)).toEqual({ words: expected, comment });
  });

  it('a variable the test has no value for is an error, not an empty word', () => {
    expect(() => words('curl $OTHER', VARS)).toThrow('no value for $OTHER');
  });

  it.each([
    ['2027-01-{30..31}', ['2027-01-30', '2027-01-31']],
    ['2027-02-{01..03}', ['2027-02-01', '2027-02-02', '2027-02-03']],
    ['{8..10}', ['8', '9', '10']],
    ['2027-03-01', ['2027-03-01']],
  ])('brace range %s', (word, expected) => {
    expect(braces(word)).toEqual(expected);
  });

  it('lines ending in \\ go on, trimmed, blank ones dropped', () => {
    expect(logicalLines('  a\\\n    b\n\n  c  ')).toEqual(['a b', 'c']);
  });

  it('curl: method, URL, headers and body; an unknown flag is an error', () => {
    const post = words(`curl -s -X POST $PADDLE_API_URL/x -d '{"a": 1}'`, VARS).words;
    expect(curlRequest(post)).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:4010/x',
      headers: {},
      body: '{"a": 1}',
    });
    const get = words('curl -s -H "Authorization: Bearer k" "$PADDLE_API_URL/t?a=1"', VARS).words;
    expect(curlRequest(get)).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer k' } });
    expect(() => curlRequest(['curl', '-k', 'http://127.0.0.1:4010'])).toThrow("curl's -k");
  });
});
