import * as assert from 'assert';
import type * as vscode from 'vscode';
import { testApiFor, type TestApi } from '../../src/testApi';

/** The values of vscode.ExtensionMode (the unit tests run without VS Code), each checked against its member. */
const MODE = { Production: 1, Development: 2, Test: 3 } as const satisfies {
  [K in keyof typeof vscode.ExtensionMode]: (typeof vscode.ExtensionMode)[K];
};

describe('testApiFor: what activate() returns', () => {
  const internals = {} as TestApi;

  for (const mode of ['Production', 'Development'] as const) {
    it(`gives nothing in ${mode} mode, without building the internals`, () => {
      let built = 0;
      const api = testApiFor(MODE[mode], () => {
        built++;
        return internals;
      });
      assert.strictEqual(api, undefined);
      assert.strictEqual(built, 0, 'the internals were built');
    });
  }

  it('gives the internals to the extension tests (Test mode)', () => {
    assert.strictEqual(
      testApiFor(MODE.Test, () => internals),
      internals,
    );
  });
});
