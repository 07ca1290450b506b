import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FoundIdentifier, findIdentifiers, identifierAt, MAX_SCAN_LINE } from '../../src/chain/recognize';

const CLARITY_DIR = path.resolve(__dirname, '../../../test/fixtures/clarity');
const read = (name: string) => fs.readFileSync(path.join(CLARITY_DIR, name), 'utf8');

const DEPLOYER = 'ST1HB64MAJ1MBV4CQ80GF01DZS4T1DSMX20ADCRA4';
const OPERATOR = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
const TX = '0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009';

/** What a user sees of a match: the text it covers and what it resolves to. */
function summary(text: string, f: FoundIdentifier): string {
  return `${f.kind} ${text.slice(f.start, f.end)} -> ${f.id}${f.network ? ` (${f.network})` : ''}${f.trait ? ` trait ${f.trait}` : ''}`;
}

describe('recognising identifiers', () => {
  describe('in a Clarity contract with the shapes found in real code', () => {
    const text = read('stx-vault.clar');
    const found = findIdentifiers(text, { clarity: true, deployer: DEPLOYER });
    const lines = found.map((f) => summary(text, f));

    it('finds every identifier, in order, with its canonical id and network', () => {
      assert.deepStrictEqual(lines, [
        `tx ${TX} -> ${TX}`,
        'contract SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.stx-vault-v1 -> SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7.stx-vault-v1 (mainnet)',
        'tx 628045bff13658396277d618e9a3e4d468a4b3876eff4941d2f13ed88cd7abb7 -> 0x628045bff13658396277d618e9a3e4d468a4b3876eff4941d2f13ed88cd7abb7',
        `contract ${OPERATOR}.sip-010-trait-ft-standard.sip-010-trait -> ${OPERATOR}.sip-010-trait-ft-standard (mainnet) trait sip-010-trait`,
        `contract .vault-trait-v1.vault-trait -> ${DEPLOYER}.vault-trait-v1 (testnet) trait vault-trait`,
        'address SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G -> SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G (mainnet)',
        'address SN2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKP6D2ZK9 -> SN2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKP6D2ZK9 (testnet)',
        `address ${DEPLOYER} -> ${DEPLOYER} (testnet)`,
        `contract .stx-ledger -> ${DEPLOYER}.stx-ledger (testnet)`,
        'contract ST000000000000000000002AMW42H.pox-2 -> ST000000000000000000002AMW42H.pox-2 (testnet)',
      ]);
    });

    it('leaves the quote of a Clarity principal outside the range', () => {
      const guardian = found.find((f) => f.id.startsWith('SM'))!;
      assert.strictEqual(text[guardian.start - 1], "'");
    });

    it('does not take a URL path or host in a string for a relative contract', () => {
      assert.ok(!lines.some((l) => l.includes('well-known') || l.includes('.co')), lines.join('\n'));
    });

    it('does not take 63 hex digits or a 33-byte value for a transaction id', () => {
      assert.strictEqual(found.filter((f) => f.kind === 'tx').length, 2);
    });
  });

  describe('near misses', () => {
    const text = read('near-misses.clar');

    it('finds nothing at all in the near-miss contract', () => {
      const found = findIdentifiers(text, { clarity: true, deployer: DEPLOYER });
      assert.deepStrictEqual(
        found.map((f) => summary(text, f)),
        [],
      );
    });

    it('rejects an address whose checksum does not match', () => {
      assert.deepStrictEqual(findIdentifiers(`'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTA`), []);
      assert.deepStrictEqual(findIdentifiers('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTA.send-many-memo'), []);
    });

    it('accepts the same address with the right checksum', () => {
      const [f] = findIdentifiers(`'${OPERATOR}`);
      assert.deepStrictEqual(f, {
        start: 1,
        end: 1 + OPERATOR.length,
        kind: 'address',
        id: OPERATOR,
        network: 'mainnet',
      });
    });

    it('never matches inside a longer hex string or word', () => {
      assert.deepStrictEqual(findIdentifiers(`${TX}0`), []);
      assert.deepStrictEqual(findIdentifiers(`0${TX}`), []);
      assert.deepStrictEqual(findIdentifiers(`id${TX}`), []);
      assert.deepStrictEqual(findIdentifiers(`${TX}_suffix`), []);
      assert.deepStrictEqual(findIdentifiers(`x${OPERATOR}`), []);
      assert.deepStrictEqual(findIdentifiers(`${OPERATOR}x`), []);
    });

    it('takes bare 64 hex digits only after /txid/ or /tx/', () => {
      const bare = TX.slice(2);
      assert.deepStrictEqual(findIdentifiers(bare), []);
      assert.deepStrictEqual(findIdentifiers(`hash ${bare}`), []);
      const [f] = findIdentifiers(`https://explorer.hiro.so/txid/${bare}?chain=testnet`);
      assert.strictEqual(f?.id, TX);
      assert.strictEqual(findIdentifiers(`/extended/v1/tx/${bare.toUpperCase()}`)[0]?.id, TX);
    });

    it('returns tx ids in lower case', () => {
      assert.strictEqual(findIdentifiers(`0x${TX.slice(2).toUpperCase()}`)[0]?.id, TX);
    });

    it('recognises relative references only in Clarity and only with a known deployer', () => {
      const code = '(contract-call? .memo-payments send-with-memo amount recipient memo)';
      assert.deepStrictEqual(findIdentifiers(code, { clarity: true }), []);
      assert.deepStrictEqual(findIdentifiers(code, { deployer: DEPLOYER }), []);
      assert.deepStrictEqual(findIdentifiers(code, { clarity: true, deployer: 'not-an-address' }), []);
      const [f] = findIdentifiers(code, { clarity: true, deployer: DEPLOYER });
      assert.strictEqual(f?.id, `${DEPLOYER}.memo-payments`);
      assert.strictEqual(code.slice(f.start, f.end), '.memo-payments');
      const spaced = findIdentifiers(code, { clarity: true, deployer: ` ${DEPLOYER}\n` });
      assert.strictEqual(spaced[0]?.id, `${DEPLOYER}.memo-payments`, 'a deployer read with spaces around it');
    });

    it('keeps a contract name that is too long out of a contract id', () => {
      const long = `${OPERATOR}.a${'b'.repeat(45)}`;
      assert.ok(!findIdentifiers(long).some((f) => f.kind === 'contract'));
    });

    it('ends a contract id at punctuation that follows it', () => {
      const text = `Deployed as ${OPERATOR}.send-many-memo.`;
      const [f] = findIdentifiers(text);
      assert.strictEqual(f?.id, `${OPERATOR}.send-many-memo`);
      assert.strictEqual(f.trait, undefined);
    });
  });

  describe('identifierAt', () => {
    const text = read('stx-vault.clar');

    it('finds the identifier under an offset anywhere in its range, the end included', () => {
      const at = text.indexOf('SM2J6ZY48GV1');
      const id = 'SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G';
      assert.strictEqual(identifierAt(text, at)?.id, id);
      assert.strictEqual(identifierAt(text, at + 10)?.id, id);
      assert.strictEqual(identifierAt(text, at + id.length)?.id, id);
      assert.strictEqual(identifierAt(text, at + id.length + 2), undefined);
    });

    it('reports the range in the whole text', () => {
      const at = text.indexOf('ST000000000000000000002AMW42H.pox-2');
      const f = identifierAt(text, at + 3)!;
      assert.strictEqual(text.slice(f.start, f.end), 'ST000000000000000000002AMW42H.pox-2');
    });

    it('finds nothing on a line without identifiers', () => {
      assert.strictEqual(identifierAt(text, text.indexOf('(define-data-var')), undefined);
    });

    it('resolves a relative reference under the cursor against the deployer', () => {
      const at = text.indexOf('.stx-ledger') + 4;
      assert.strictEqual(identifierAt(text, at, { clarity: true, deployer: DEPLOYER })?.id, `${DEPLOYER}.stx-ledger`);
      assert.strictEqual(identifierAt(text, at, { clarity: true }), undefined);
    });
  });

  // Issue 11, item 8: Look Up and the hover scan at most one line of the same length, and a
  // scan checks the deployer's address (a c32check decode, sha256 twice) once, not once a match.
  describe('the cost of one scan', () => {
    /** Counts the address decodes (checksum checks) done while `f` runs. */
    function decodes(f: () => void): number {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const c32 = require('c32check') as { c32addressDecode: (s: string) => [number, string] };
      const original = c32.c32addressDecode;
      let n = 0;
      Object.defineProperty(c32, 'c32addressDecode', {
        configurable: true,
        enumerable: true,
        get: () => (s: string) => (n++, original(s)),
      });
      try {
        f();
      } finally {
        Object.defineProperty(c32, 'c32addressDecode', { configurable: true, enumerable: true, get: () => original });
      }
      return n;
    }

    it('Look Up does not scan a line longer than the hover does', () => {
      const id = 'SM2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQVX8X0G';
      const short = `${'x '.repeat(100)}${id}`;
      assert.strictEqual(identifierAt(short, short.length - 3)?.id, id);
      assert.ok(short.length < MAX_SCAN_LINE);
      const long = `${'x '.repeat(MAX_SCAN_LINE / 2)}${id}`;
      assert.ok(long.length > MAX_SCAN_LINE);
      assert.strictEqual(identifierAt(long, long.length - 3), undefined);
      assert.strictEqual(identifierAt(`(a)\n${long}\n(b)`, 4 + long.length - 3), undefined);
      // Only the line is limited: a long document of short lines is fine.
      const doc = `${'(x)\n'.repeat(100_000)}${short}`;
      assert.strictEqual(identifierAt(doc, doc.length - 3)?.id, id);
    });

    it('checks the deployer once per scan, however many relative references the line holds', () => {
      const line = ' .a'.repeat(2000);
      let found: FoundIdentifier[] = [];
      const n = decodes(() => (found = findIdentifiers(line, { clarity: true, deployer: DEPLOYER })));
      assert.strictEqual(found.length, 2000);
      assert.ok(found.every((f) => f.id === `${DEPLOYER}.a` && f.network === 'testnet'));
      assert.ok(n <= 1, `${n} address decodes`);
    });
  });
});

describe('findIdentifiers and identifierAt: ranges and edges', () => {
  const HEX = TX.slice(2);
  it('each identifier has the exact range it covers, and the list is in text order whatever its kind', () => {
    const text = `'${OPERATOR}.pool then ${TX} and https://explorer.hiro.so/txid/${HEX} and .token`;
    const found = findIdentifiers(text, { clarity: true, deployer: `  ${DEPLOYER}  ` });
    assert.deepStrictEqual(
      found.map((f) => [f.kind, f.id, text.slice(f.start, f.end)]),
      [
        ['contract', `${OPERATOR}.pool`, `${OPERATOR}.pool`],
        ['tx', TX, TX],
        ['tx', TX, HEX],
        ['contract', `${DEPLOYER}.token`, '.token'],
      ],
    );
    const quoted = findIdentifiers("(contract-call? '.token transfer)", { clarity: true, deployer: DEPLOYER });
    assert.deepStrictEqual(
      quoted.map((f) => [f.start, f.end]),
      [[17, 23]],
      'the quote of a relative reference is not part of it',
    );
  });

  it('identifierAt: a cursor just past the end counts, one further does not; the next line never hides it', () => {
    const line = `x ${OPERATOR} y`;
    const end = 2 + OPERATOR.length;
    assert.strictEqual(identifierAt(line, end)?.id, OPERATOR);
    assert.strictEqual(identifierAt(line, end + 1), undefined);
    const followed = `${line}\n${'z'.repeat(MAX_SCAN_LINE + 1)}`;
    assert.strictEqual(identifierAt(followed, 3)?.id, OPERATOR, 'a long line after it is not part of its line');
    const atCap = `${OPERATOR}${' '.repeat(MAX_SCAN_LINE - OPERATOR.length)}`;
    assert.strictEqual(identifierAt(atCap, 3)?.id, OPERATOR, `a line of exactly ${MAX_SCAN_LINE} characters is read`);
    assert.strictEqual(identifierAt(`${atCap} `, 3), undefined, 'one more and it is not');
  });
});
