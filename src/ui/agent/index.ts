/**
 * The Stacks tools of VS Code's chat (agent mode, and any participant that calls `vscode.lm.invokeTool`):
 * registered at activation as small objects that load nothing and ask nothing. The first call
 * loads the tools' part (agentModule.ts),
 * which asks the API through the session's clients: the selected network (or the id's own under
 * `autoNetwork`), the rate budget, the cache, cancelled with the call's token.
 */
import * as vscode from 'vscode';
import type { LogSink } from '../shared/log';
import type { AgentNetwork } from './toolContext';
import { agentModule } from './agentModule';
import { AgentTools, type AgentToolName } from './toolNames';

export interface AgentDeps {
  networks: AgentNetwork;
  log: LogSink;
}

/**
 * Registers every tool of `package.json`'s `languageModelTools`. A VS Code without the language
 * model API (or with it switched off) gets none, and the rest of the extension is unchanged.
 */
export function registerAgentTools(deps: AgentDeps): {
  disposables: vscode.Disposable[];
  /** The registered tools by name: what VS Code calls (the in-host tests reach `prepareInvocation` here). */
  tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>;
} {
  const tools = new Map<string, vscode.LanguageModelTool<unknown>>();
  if (typeof vscode.lm?.registerTool !== 'function') return { disposables: [], tools };
  const disposables = Object.values(AgentTools).map((name) => {
    const tool = toolFor(name, deps);
    tools.set(name, tool);
    return vscode.lm.registerTool(name, tool);
  });
  return { disposables, tools };
}

function toolFor(name: AgentToolName, deps: AgentDeps): vscode.LanguageModelTool<unknown> {
  const tool: vscode.LanguageModelTool<unknown> = {
    async invoke(options, token) {
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      try {
        const text = await agentModule().runTool(name, options.input, {
          networks: deps.networks,
          signal: controller.signal,
          log: deps.log,
        });
        if (token.isCancellationRequested) throw new vscode.CancellationError();
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
      } catch (e) {
        // A request ended by the token is the call cancelled, as VS Code names it.
        if (token.isCancellationRequested) throw new vscode.CancellationError();
        throw e;
      } finally {
        cancel.dispose();
      }
    },
  };
  if (name === AgentTools.callReadOnly || name === AgentTools.trace) {
    // Asks nothing of the API: it only says what will be sent (or run), for the user to confirm.
    tool.prepareInvocation = (options) => {
      const m = agentModule();
      const c = (name === AgentTools.trace ? m.traceConfirmation : m.callConfirmation)(options.input, deps.networks);
      // Every character the model chose is escaped: the dialog and the chat show it as text.
      const message = new vscode.MarkdownString(c.lines.map(escapeMarkdown).join('\n\n'));
      message.supportHtml = false;
      return {
        invocationMessage: c.progress,
        confirmationMessages: { title: c.title, message },
      };
    };
  }
  return tool;
}

/** `text` with every Markdown punctuation character escaped, so it renders as itself. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, '\\$&');
}
