import * as vscode from 'vscode';
import * as assert from './assert';

const ID = 'stacks-lookup.stacks-lookup';

describe('web: activation in the web worker extension host', () => {
  it('runs in a worker, with no Node process', () => {
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function');
    assert.strictEqual(typeof (globalThis as { process?: unknown }).process, 'undefined');
  });

  it('activates', async () => {
    const ext = vscode.extensions.getExtension(ID);
    assert.ok(ext, `${ID} is installed`);
    await ext.activate();
    assert.ok(ext.isActive);
  });
});
