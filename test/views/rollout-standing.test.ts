// Where a rise stands, as a person and a step summary read it: each count in our words, and every
// string from an account or a catalog (a key, a reason, a subscription id, a notice's words) shown
// as it is everywhere — escaped on a line, an inline code span in Markdown, where no table breaks
// and no HTML, link, @mention or workflow command renders.
import { describe, expect, it } from 'vitest';
import { standingOf } from '../../src/rollout/standing.js';
import { makeStyle } from '../../src/terminal/style.js';
import { rolloutMarkdown } from '../../src/views/rollout.js';
import { standingLines, standingMarkdown } from '../../src/views/rollout-standing.js';

const NOW = Date.parse('2027-01-06T12:00:00Z');
const HOSTILE = 'a|b `x` <img src=x> @team #12\n::set-output name=x::y';

const standing = standingOf(
  [
    {
      from: 'pro/monthly',
      to: HOSTILE,
      proration: 'do_not_bill',
      verdicts: {
        now: 2,
        waits: [
          {
            code: 'bills_from_not_reached',
            reason: 'bills_from 2027-02-01 not reached',
            until: '2027-01-04',
            count: 5,
          },
          {
            code: 'bills_from_not_reached',
            reason: 'bills_from 2027-02-01 not reached',
            until: '2027-01-13',
            count: 1,
          },
        ],
        refused: [
          {
            code: 'subscription_update_error_when_paused',
            reason: HOSTILE,
            modes: ['do_not_bill'],
            subscriptions: ['sub_9'],
          },
        ],
        unpredicted: [],
      },
      pastDue: [{ id: `sub_${HOSTILE}`, since: '2026-12-20T00:00:00Z' }],
    },
  ],
  [
    {
      subscription_id: 'sub_1',
      customer_id: null,
      from: 'pro/monthly',
      to: 'pro/monthly-2027',
      new_price_first_bills: HOSTILE,
    },
  ],
  NOW,
);

describe('where a rise stands, for a person', () => {
  const lines = standingLines(standing, false, makeStyle(false));

  it('counts in our words: moved, waits for a date by week, waits for payment, the last day due', () => {
    expect(lines).toContain('    moved: 2');
    expect(lines.join('\n')).toContain(
      'waits for a date: 6 (week of 2027-01-04: 5, week of 2027-01-11: 1; bills_from 2027-02-01 not reached): the last is due 2027-01-13',
    );
    expect(lines).toContain('The last one waiting for a date is due 2027-01-13.');
  });

  it('shows outside text escaped: no newline starts a line of its own, no workflow command', () => {
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).not.toMatch(/^\s*::/);
    }
    expect(lines.join('\n')).toContain('#12\\n::set-output');
  });
});

describe('where a rise stands, in Markdown', () => {
  const markdown = standingMarkdown(standing, false).join('\n');

  it('puts every outside string in an inline code span, a table cell’s pipe escaped', () => {
    expect(markdown).toContain('``a|b `x` <img src=x> @team #12\\n::set-output name=x::y``');
    const row = markdown.split('\n').find((l) => l.startsWith('| ') && l.includes('pro/monthly →'));
    expect(row).toContain('a\\|b');
  });

  it('the report: its heading, how a run stands, what needs a person as code spans', () => {
    const report = rolloutMarkdown(
      { state: 'needs-attention', needs: [`sub_9 will not move: ${HOSTILE}`], waiting: 7, pastDue: [] },
      standing,
      true,
    );
    expect(report.startsWith('### paddle-catalog rollout --dry-run\n')).toBe(true);
    expect(report).toContain('**needs a person: 1 thing a later run cannot do**');
    expect(report).toContain('- ``sub_9 will not move: a|b `x` <img src=x>');
    expect(report).toContain('| move (dry run) | moves now |');
  });
});
