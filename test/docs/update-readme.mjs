// `npm run docs`: regenerates the catalog reference in README.md from the schema (after a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogReferenceMarkdown, withReference } from '../../dist/catalog/reference.js';

const file = new URL('../../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8'), catalogReferenceMarkdown()));
