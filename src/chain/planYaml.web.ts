// The web build leaves the full YAML parser out (it alone would take a third of the web bundle's
// budget): a plan beyond the block style Clarinet writes is reported, not read.
import type { ClarinetProblem } from './clarinetText';
import type { PlanNode } from './planScanner';

export type ComposedPlan =
  { ok: true; root: PlanNode | undefined; lineOf(offset: number): number } | { ok: false; problem: ClarinetProblem };

export function composePlan(_text: string, file: string): ComposedPlan {
  return {
    ok: false,
    problem: {
      file,
      message:
        'This plan uses YAML beyond the block style Clarinet writes (flow collections, anchors or block scalars), which the web version of Stacks Lookup does not read; open the project in desktop VS Code to read it.',
    },
  };
}
