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

describe('Transaction statuses: what each one says happened', () => {
  /**
   * What the API's `DbTxStatus` says of each (stacks-blockchain-api src/datastore/common.ts; see
   * test/fixtures/SOURCES.md): the cause in words, and whether the fee was paid (a transaction
   * that ran or was skipped in a block paid it; one that left the mempool did not).
   */
  const MEANINGS: Array<[string, RegExp, boolean]> = [
    ['success', /ran in a block and succeeded/, true],
    ['pending', /waiting in the mempool: it has not run yet/, false],
    ['abort_by_response', /ran in a block, but its function returned an error/, true],
    ['abort_by_post_condition', /ran in a block, but a post-condition did not hold/, true],
    ['problematic_skipped', /skipped it as problematic, without running it/, true],
    ['dropped_replace_by_fee', /same nonce and a higher fee replaced it/, false],
    ['dropped_replace_across_fork', /same nonce was mined in the canonical fork/, false],
    ['dropped_too_expensive', /costs too much to fit in a block/, false],
    ['dropped_stale_garbage_collect', /waited there too long and was removed/, false],
    ['dropped_problematic', /marked it as problematic/, false],
  ];

  it('each status says its own cause, and whether the fee was paid', () => {
    assert.deepStrictEqual(MEANINGS.map(([s]) => s).sort(), [...MINED_STATUSES, ...MEMPOOL_STATUSES].sort());
    for (const [status, cause, feePaid] of MEANINGS) {
      const m = statusMeaning(status);
      assert.match(m, cause, status);
      if (feePaid) assert.match(m, /its fee was (still )?paid/, status);
      else assert.match(m, /[Nn]o fee (was|has been) paid/, status);
    }
  });
});

describe('Transaction statuses: an unknown one as shown', () => {
  /** The most characters of an unknown status shown (`MAX_RAW` of src/chain/txStatus.ts). */
  const MAX_RAW = 60;
  const label = (status: string) => /^Unknown status \((.*)\)$/s.exec(statusLabel(status))?.[1];

  it('a status of the longest length is shown whole; a longer one is cut to that length, ending in an ellipsis', () => {
    const longest = 's'.repeat(MAX_RAW);
    assert.strictEqual(label(longest), longest);
    const cut = label(`${'a'.repeat(MAX_RAW)}b`);
    assert.strictEqual(cut, `${'a'.repeat(MAX_RAW - 1)}…`);
    assert.match(statusMeaning(`${'a'.repeat(MAX_RAW)}b`), new RegExp(`the status ${'a'.repeat(MAX_RAW - 1)}…:`));
  });

  it('a line break, of any kind and however long, reads as one space between the words', () => {
    for (const br of ['\n', '\r\n', '\r', '\u2028', '\u2029', '\n\n\r\n'])
      assert.strictEqual(label(`settled${br}elsewhere`), 'settled elsewhere', JSON.stringify(br));
  });
});
