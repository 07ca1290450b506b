import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { unknownTransactionsProject } from '../unit/clarinetReaders';
import { children, SeenItem, testApi, useMock, UsedMock, waitFor } from './editorHelpers';
import { filesUnder, logFlushed } from './hostErrors';

/**
 * A clone whose deployment plans are 2 MB of transactions Clarinet does not know: each one is a
 * problem. The Workspace Contracts section lists the first 20 of each plan and "and N more", the
 * log the same, and the section loads (three such plans once threw "Maximum call stack size
 * exceeded" from the view and it never loaded).
 */
describe('Workspace Contracts: plans of 2 MB of unknown transactions', () => {
  let used: UsedMock;

  beforeEach(async () => {
    used = await useMock();
  });

  afterEach(async () => {
    await used.close();
  });

  for (const plans of [1, 3]) {
    it(`${plans} plan${plans > 1 ? 's' : ''}: the section loads, 20 problems a plan then "and N more", in the view and the log`, async function () {
      this.timeout(60_000);
      const api = await testApi();
      const tree = api.tree!;
      const folder = vscode.workspace.workspaceFolders![0]!.uri;
      const root = vscode.Uri.joinPath(folder, `unknown${plans}`);
      const files = Object.entries(unknownTransactionsProject(plans)).map(
        ([rel, text]) => [vscode.Uri.joinPath(root, rel), text] as const,
      );
      // The plans first, so the project is read whole once its manifest appears.
      for (const [uri, text] of [...files].reverse())
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      try {
        let project: SeenItem | undefined;
        await waitFor(
          async () => {
            project = (await children(tree, tree.sections.contracts)).find((s) => s.label === 'unknown');
            return project !== undefined;
          },
          'the section lists the project',
          30_000,
        );
        const seen = await children(tree, project!.node);
        const problems = seen.filter((s) => s.contextValue === 'problem');
        assert.strictEqual(problems.length, plans * 21, seen.map((s) => s.label).join('\n'));
        for (let p = 0; p < plans; p++) {
          const own = problems.filter((s) => s.description.startsWith(`deployments/p${p}.testnet-plan.yaml`));
          assert.strictEqual(own.length, 21);
          assert.match(own[20]!.label, /^and [\d,]+ more problems in this file, not listed$/);
          assert.strictEqual(own[0]!.description, `deployments/p${p}.testnet-plan.yaml:9`);
        }
        assert.ok(
          seen.some((s) => s.label === 'token'),
          'the contract is listed',
        );
        assert.strictEqual(seen.at(-1)!.label, 'Deployment Plans');
        assert.strictEqual(seen.at(-1)!.description, String(plans));

        // The log: a line per problem kept, the same "and N more".
        await logFlushed(api);
        const logged = filesUnder(api.logUri.fsPath)
          .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'))
          .filter((l) => l.includes(`${root.fsPath}: deployments/`));
        for (let p = 0; p < plans; p++) {
          const own = logged.filter((l) => l.includes(`: deployments/p${p}.testnet-plan.yaml`));
          // Read once, or again when the watcher saw a file change: each read logs the same lines.
          assert.ok(own.length > 0 && own.length % 21 === 0, `${own.length} log lines for plan ${p}`);
          assert.strictEqual(
            own.filter((l) => / more problems in this file, not listed$/.test(l)).length,
            own.length / 21,
          );
        }
      } finally {
        for (const [uri] of files) await vscode.workspace.fs.delete(uri);
        await waitFor(
          async () => !(await children(tree, tree.sections.contracts)).some((s) => s.label === 'unknown'),
          'the watcher saw the project go',
          15_000,
        );
        await vscode.workspace.fs.delete(root, { recursive: true });
      }
    });
  }
});
