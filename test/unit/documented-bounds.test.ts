// The bounds the documentation promises (ARCHITECTURE.md's table of what is kept, docs/security.md),
// pinned as the numbers written there: the other tests count up to the exported constants, so they
// pass whatever a constant says; this one fails when a bound changes without its documentation.
import * as assert from 'assert';
import {
  INTERFACES_MAX_BYTES,
  MAX_INTERFACES_REMEMBERED,
  MAX_SOURCES_REMEMBERED,
  SOURCES_MAX_BYTES,
} from '../../src/api/client';
import { identifierAt, MAX_SCAN_LINE } from '../../src/chain/recognize';
import { MAX_SOURCES, SOURCES_MAX_BYTES as DRIFT_SOURCES_MAX_BYTES } from '../../src/ui/drift/deployedSources';

const MB = 1024 * 1024;
const TX_ID = `0x${'ab'.repeat(32)}`;

describe('the documented bounds, as documented', () => {
  it('each client keeps at most 200 deployed sources and 200 interfaces, 8 MB of each', () => {
    assert.strictEqual(MAX_SOURCES_REMEMBERED, 200);
    assert.strictEqual(MAX_INTERFACES_REMEMBERED, 200);
    assert.strictEqual(SOURCES_MAX_BYTES, 8 * MB);
    assert.strictEqual(INTERFACES_MAX_BYTES, 8 * MB);
  });

  it('drift keeps at most 200 deployed sources, 8 MB', () => {
    assert.strictEqual(MAX_SOURCES, 200);
    assert.strictEqual(DRIFT_SOURCES_MAX_BYTES, 8 * MB);
  });

  it('the hover and Look Up scan a line of at most 20,000 characters', () => {
    assert.strictEqual(MAX_SCAN_LINE, 20_000);
    const line = (length: number) => `${TX_ID} ${'x'.repeat(length - TX_ID.length - 1)}`;
    assert.strictEqual(line(20_000).length, 20_000);
    assert.strictEqual(identifierAt(line(20_000), 3)?.id, TX_ID, 'a line of 20,000 characters is read');
    assert.strictEqual(identifierAt(line(20_001), 3), undefined, 'one of 20,001 is not');
  });
});
