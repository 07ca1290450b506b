// The chat tools in the web worker extension host: registered by the one-file web extension,
// listed in vscode.lm.tools, and answering through vscode.lm.invokeTool with the worker's fetch,
// the Clarity module and the failure reasons inside that one file.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import { AgentTools } from '../../src/ui/agent/toolNames';
import { readAnswer } from '../fakes/agentAnswer';
import * as assert from './assert';
import { mainMock } from './control';
import { freshStart, IDS, testApi } from './helpers';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

describe('web: chat tools', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(() => freshStart(api));

  it('every tool is registered and listed with its input schema', () => {
    for (const name of Object.values(AgentTools)) {
      const listed = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(listed, `${name} is in vscode.lm.tools`);
      assert.ok(listed.inputSchema && typeof listed.inputSchema === 'object', `${name} has a schema`);
    }
  });

  it('a transaction answers with its facts and its memo inside the data block', async () => {
    const text = await invoke(AgentTools.transaction, { txId: IDS.tx });
    const { outside, inside } = readAnswer(text);
    assert.ok(outside.startsWith(`Stacks transaction ${IDS.tx} on Custom`), outside);
    assert.ok(/^Amount: 0\.000035 STX \(35 µSTX\)$/m.test(outside), outside);
    assert.ok(/^memo: hi$/m.test(inside ?? ''), inside);
    assert.ok((await mainMock.requests()).some((r) => r.path === `/extended/v1/tx/${IDS.tx}`));
  });

  it('a read-only call encodes its arguments and decodes the result with the Clarity module of the one file', async () => {
    const tool = api.agentTools?.get(AgentTools.callReadOnly);
    assert.ok(tool, 'the call tool is registered');
    const input = { contractId: IDS.typeProbe, functionName: 'safe-div', arguments: ['7', '2'] };
    const result = (await tool.invoke(
      { input, toolInvocationToken: undefined },
      new vscode.CancellationTokenSource().token,
    )) as vscode.LanguageModelToolResult;
    const text = (result.content[0] as vscode.LanguageModelTextPart).value;
    assert.ok(/^result: 3$/m.test(readAnswer(text).inside ?? ''), text);
  });
});
