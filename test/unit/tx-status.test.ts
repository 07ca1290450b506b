import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parse as parseYaml } from 'yaml';
import {
  isKnownStatus,
  MEMPOOL_STATUSES,
  MINED_STATUSES,
  statusLabel,
  statusMeaning,
  statusTone,
} from '../../src/chain/txStatus';
import { FIXTURE_DIR } from '../mock-api/server';

/**
 * Every status the API's OpenAPI (test/fixtures/api/openapi-v3.yaml) lists for a transaction: an
 * `anyOf` of one-value `enum`s (TypeBox's `Type.Union` of `Type.Literal`s) that holds `success` or `pending`.
 */
function statusEnums(): Set<string> {
  const doc = parseYaml(fs.readFileSync(path.join(FIXTURE_DIR, 'openapi-v3.yaml'), 'utf8')) as unknown;
  const found = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const any = (n as { anyOf?: unknown }).anyOf;
    if (Array.isArray(any)) {
      const values = any.flatMap((a) => {
        const e = (a as { enum?: unknown } | null)?.enum;
        return Array.isArray(e) ? e.map(String) : [];
      });
      if ((values.includes('success') || values.includes('pending')) && values.some((v) => /^(abort|dropped)_/.test(v)))
        for (const v of values) found.add(v);
    }
    Object.values(n).forEach(walk);
  };
  walk(doc);
  return found;
}

const UNKNOWN_MEANING = /does not know the status/;

describe('Transaction statuses in words', () => {
  it('every status of the API’s schemas, mined and mempool, is known and said in words', () => {
    const api = statusEnums();
    assert.ok(api.has('problematic_skipped') && api.has('dropped_problematic'), [...api].join());
    assert.deepStrictEqual([...api].sort(), [...MINED_STATUSES, ...MEMPOOL_STATUSES].sort());
    for (const s of api) {
      assert.ok(isKnownStatus(s), s);
      assert.doesNotMatch(statusLabel(s), /^Unknown status|_/, s);
      assert.doesNotMatch(statusMeaning(s), UNKNOWN_MEANING, s);
      assert.notStrictEqual(statusTone(s), 'other', s);
    }
  });

  it('each meaning says whether it ran and whether the fee was paid', () => {
    for (const s of [...MINED_STATUSES, ...MEMPOOL_STATUSES]) {
      const m = statusMeaning(s);
      assert.match(m, /\b(ran|run|running)\b/, s);
      assert.match(m, /fee/, s);
    }
  });

  it('problematic_skipped: skipped without running, the fee paid, shown as a failure', () => {
    assert.strictEqual(statusLabel('problematic_skipped'), 'Skipped (problematic)');
    assert.strictEqual(statusTone('problematic_skipped'), 'failed');
    assert.strictEqual(
      statusMeaning('problematic_skipped'),
      'The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.',
    );
  });

  it('a status the schemas do not know is unknown, with its raw value cut and on one line', () => {
    assert.strictEqual(statusLabel('settled_elsewhere'), 'Unknown status (settled_elsewhere)');
    assert.strictEqual(statusTone('settled_elsewhere'), 'other');
    assert.strictEqual(statusTone('dropped_by_moon'), 'other');
    assert.strictEqual(statusTone('abort_by_moon'), 'other');
    assert.match(statusMeaning('settled_elsewhere'), /does not know the status settled_elsewhere: what happened/);
    const hostile = statusLabel(`a\nb${'x'.repeat(500)}`);
    assert.ok(hostile.length < 80, hostile);
    assert.doesNotMatch(hostile, /\n/);
  });
});
