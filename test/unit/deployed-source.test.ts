import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { deployedSourceDocument, DeployTransaction } from '../../src/chain/deployedSource';

// The real deploy of ST000000000000000000002AMW42H.pox-2 (test/fixtures/api/tx-smart_contract.json),
// as the API sends it, and the same transaction in the other states a deploy can be in.
const FIXTURE = path.resolve(__dirname, '../../../test/fixtures/api/tx-smart_contract.json');
const real = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as DeployTransaction & {
  smart_contract: { contract_id: string; source_code: string };
};
const ID = real.smart_contract.contract_id;
const SOURCE = real.smart_contract.source_code;
const as = (over: Partial<DeployTransaction>): DeployTransaction => ({ ...real, ...over });

describe('the source document of a deployed contract', () => {
  it('is the source itself for a successful deploy of that contract', () => {
    assert.deepStrictEqual(deployedSourceDocument(ID, real), { ok: true, text: SOURCE });
  });

  for (const [status, says] of [
    ['pending', /is pending: it is not on chain yet/],
    ['abort_by_response', /failed \(aborted by response\): this source is not deployed/],
    ['abort_by_post_condition', /failed \(aborted by a post-condition\)/],
    ['dropped_replace_by_fee', /was dropped/],
    ['something new', /has an unknown status/],
  ] as const) {
    it(`says at the top that a ${status} deploy is not the deployed source`, () => {
      const doc = deployedSourceDocument(ID, as({ tx_status: status }));
      assert.ok(doc.ok);
      const [first, second, blank] = doc.text.split('\n');
      assert.strictEqual(first, `;; Not the deployed source: the deploy of ${ID}`);
      assert.match(second!, says);
      assert.ok(second!.startsWith(`;; (transaction ${real.tx_id})`));
      assert.strictEqual(blank, '');
      assert.strictEqual(doc.text, `${first}\n${second}\n\n${SOURCE}`, 'one blank line, then the source as deployed');
      // The API's own status text never reaches the document.
      assert.ok(!doc.text.includes('something new'));
    });
  }

  it('shows nothing when the transaction deploys another contract', () => {
    const other = as({ smart_contract: { contract_id: 'SP000000000000000000002Q6VF78.pox-4', source_code: SOURCE } });
    const doc = deployedSourceDocument(ID, other);
    assert.deepStrictEqual(doc, {
      ok: false,
      reason: `The transaction the API names for ${ID} deploys another contract.`,
    });
  });

  it('shows nothing when the transaction deploys nothing', () => {
    const reason = `The transaction the API names for ${ID} does not deploy a contract.`;
    const doc = deployedSourceDocument(ID, as({ tx_type: 'contract_call', smart_contract: undefined }));
    assert.deepStrictEqual(doc, { ok: false, reason });
    // a transaction of another kind is no deploy, whatever else the answer holds
    assert.deepStrictEqual(deployedSourceDocument(ID, as({ tx_type: 'contract_call' })), { ok: false, reason });
  });

  it('shows nothing when the deploy carries no source', () => {
    const doc = deployedSourceDocument(ID, as({ smart_contract: { contract_id: ID } }));
    assert.deepStrictEqual(doc, { ok: false, reason: `The deploy transaction of ${ID} carries no source code.` });
  });
});
