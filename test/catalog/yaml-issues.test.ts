// The parser's errors as issues: a stack that ran out is said once, however many places it ran out at
// (how many depends on how much stack the caller left, so a test run under load can see two).

import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument, YAMLParseError } from 'yaml';
import { yamlIssues } from '../../src/catalog/yaml-issues.js';

describe('yamlIssues', () => {
  it('two "Maximum call stack size exceeded" errors are one nested-too-deeply issue', () => {
    const text = 'version: 1\nproducts: {}\n';
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter });
    for (const pos of [0, 11])
      doc.errors.push(new YAMLParseError([pos, pos + 1], 'IMPOSSIBLE', 'Maximum call stack size exceeded'));
    const issues = yamlIssues(doc, lineCounter, text);
    expect(issues).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('nested too deeply to read') }),
    ]);
  });
});
