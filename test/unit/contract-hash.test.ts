import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { sha512_256 } from '@noble/hashes/sha2';
import { contractHash } from '../../src/chain/contractHash';
import { clarityModule } from '../../src/chain/lazyClarity';
import { removeEnvSimnet } from '../../src/chain/drift';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');
const read = (p: string) => fs.readFileSync(path.join(FIXTURES, p), 'utf8');
const noble = (s: string) => `0x${Buffer.from(sha512_256(Buffer.from(s, 'utf8'))).toString('hex')}`;

describe('contract-hash? (SHA-512/256 of the stored source)', () => {
  it('matches the value stacks-core documents for sample/contracts/tokens.clar', () => {
    // stacks-network/stacks-core, clarity/src/vm/docs/mod.rs, the example of `contract-hash?`
    // (run by that file's `test_examples` against sample/contracts/tokens.clar):
    // `(contract-hash? .tokens) ;; Returns (ok 0x90b4a559…8af7)`.
    assert.strictEqual(
      contractHash(read('clarity/real/tokens.clar')),
      '0x90b4a559286ba8ec3801fe8ef49d5e646043861f29376771918d1afb8ff68af7',
    );
  });

  it('is reached through the lazily loaded Clarity module', () => {
    assert.strictEqual(
      clarityModule().contractHash(read('clarity/real/tokens.clar')),
      contractHash(read('clarity/real/tokens.clar')),
    );
  });

  it('hashes the bytes as stored: a line ending or a trailing newline is another hash; non-ASCII is UTF-8', () => {
    const source = read('clarity/real/tokens.clar');
    const crlf = source.replace(/\n/g, '\r\n');
    assert.notStrictEqual(contractHash(crlf), contractHash(source));
    assert.strictEqual(contractHash(crlf), noble(crlf));
    assert.notStrictEqual(contractHash(`${source}\n`), contractHash(source));
    const utf8 = ';; café ✓\n(define-constant A u1)\n';
    assert.strictEqual(contractHash(utf8), noble(utf8));
    assert.strictEqual(contractHash(''), noble(''));
  });

  it('a local file as Clarinet deploys it: its #[env(simnet)] code stripped first', () => {
    const local = read('workspace/contracts/ccd003-user-registry.clar');
    const broadcast = removeEnvSimnet(local);
    assert.ok(broadcast !== undefined && broadcast !== local, 'the fixture has #[env(simnet)] code');
    assert.strictEqual(contractHash(broadcast), noble(broadcast));
    assert.notStrictEqual(contractHash(broadcast), contractHash(local));
  });
});
