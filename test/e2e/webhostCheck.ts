// What the web worker host's e2e specs check after a desktop spec ran there: every request the
// mock saw came from the browser's fetch (the worker), which sends an Origin header that Node's
// http client never does, so the spec really ran the web build.
import * as assert from 'assert';
import type { E2EContext } from './context';

export function assertFromWorker(ctx: E2EContext, what: string): void {
  const seen = ctx.mock.requests.filter((r) => r.method !== 'OPTIONS');
  assert.ok(seen.length > 0, `${what}: the mock was asked`);
  for (const r of seen)
    assert.ok(
      r.headers.origin,
      `${what}: ${r.method} ${r.path} came from the browser's fetch (web worker), not Node's http`,
    );
  ctx.log(`${what}: ${seen.length} requests, all from the web worker`);
}
