// plan's views: every change and the summary line, or the --json document of the plan.
import type { PlanResult } from '../../apply/use-case.js';
import { formatPlan, planDocument } from '../../output/plan-format.js';
import type { Reporter } from '../../output/reporter.js';

export function renderJson({ plan, environment }: PlanResult) {
  return planDocument(plan, environment);
}

export function renderHuman({ plan, options }: PlanResult, out: Reporter): void {
  for (const line of formatPlan(plan, out.style, options)) out.result(line);
}
