// In-host entry for a workspace nobody trusted (`node test/host/run.js untrusted`): workspace trust
// is on and the folder opens in restricted mode, with settings that point the extension at a second
// mock API. Same runner and checks as the main suite (network guard, swallowed errors).
import { runTestsIn } from '../suite/index';

export function run(): Promise<void> {
  return runTestsIn(__dirname);
}
