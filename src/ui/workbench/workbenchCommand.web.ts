// The web build leaves out `Stacks: Call Read-Only Function…` (the forms it opens need the Clarity
// library, which the one-file web extension leaves out; see models/workbench.web.ts). The command
// stays registered for links and keybindings and says so; package.json hides it from the palette.
import type { Target } from '../../chain/target';
import type { LookupDeps } from '../lookup/openTarget';
import { showInfo } from '../shared/notify';
import { desktopOnly } from '../shared/webBuild';

export function callReadOnlyFunction(_d: LookupDeps, ..._args: unknown[]): Promise<Target | undefined> {
  void showInfo(desktopOnly('Calling a read-only function'));
  return Promise.resolve(undefined);
}
