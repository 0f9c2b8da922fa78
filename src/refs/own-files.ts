// The tool's own outputs a tree may hold: a saved plan (`plan --out plan.json`) and a review
// (`plan --format markdown > review.md`). Their ids are the account as a plan read it, not ids the
// app's code names: refs skips them, recognised by what they hold (a renamed file too).
import { PLAN_FILE_FORMAT, REVIEW_HEADING } from '../saved-plan/document.js';
import { savedPlanFields } from '../saved-plan/file.js';

/** Whether `text` is a saved plan or a review that paddle-catalog wrote. */
export function isOwnOutput(text: string): boolean {
  const start = text.trimStart();
  if (start.startsWith(REVIEW_HEADING)) return true;
  // parsed only when it names the format: most JSON files in a tree do not
  return (
    start.startsWith('{') && text.includes(`"${PLAN_FILE_FORMAT}"`) && savedPlanFields(text) !== undefined
  );
}
