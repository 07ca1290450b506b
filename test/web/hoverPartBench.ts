// `npm run bench`'s measure of the extension's own part of a hover in the web worker host, after
// the launcher's mouse-to-content hovers (run.js web --bench-hovers): each id of
// `bench/ux.ts` `writeProviderHoverFile` through the hover providers (`vscode.executeHoverProvider`),
// the requests timed where the worker sends them. Cold: from the end of the last response to the
// hover returned; warm (cached, no request): the whole call. Both include the command's own round
// trip through the workbench, a millisecond or two of VS Code's.
import * as vscode from 'vscode';

export interface HoverPartResult {
  kind: string;
  coldAfterResponseMs: number[];
  coldRequestMs: number[];
  warmMs: number[];
  requests: number;
}

interface Timing {
  started: number;
  lastEnd: number;
  requests: number;
}

/** Wraps the worker's `fetch` so each response's end (its body read) is known; returns the unwrap. */
function timeFetches(t: Timing): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    t.requests++;
    const res = await original(input, init);
    const body = await res.arrayBuffer();
    t.lastEnd = performance.now();
    const copy = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    Object.defineProperty(copy, 'url', { value: res.url });
    Object.defineProperty(copy, 'redirected', { value: res.redirected });
    return copy;
  };
  return () => (globalThis.fetch = original);
}

export async function measureHoverPart(file: vscode.Uri, marker: string): Promise<HoverPartResult[]> {
  const doc = await vscode.workspace.openTextDocument(file);
  const kinds = new Map<string, number[]>();
  for (let line = 0; line < doc.lineCount; line++) {
    const m = /^;; (\w+) /.exec(doc.lineAt(line).text);
    if (m) kinds.set(m[1]!, [...(kinds.get(m[1]!) ?? []), line]);
  }
  const t: Timing = { started: 0, lastEnd: 0, requests: 0 };
  const restore = timeFetches(t);
  const hover = async (line: number): Promise<{ ms: number; text: string }> => {
    const text = doc.lineAt(line).text;
    const at = new vscode.Position(line, text.lastIndexOf(' ') + 6);
    const t0 = performance.now();
    const hovers =
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? [];
    const ms = performance.now() - t0;
    return {
      ms,
      text: hovers
        .flatMap((h) => h.contents)
        .map((c) => (typeof c === 'string' ? c : c.value))
        .join('\n'),
    };
  };
  const out: HoverPartResult[] = [];
  try {
    for (const [kind, lines] of kinds) {
      const r: HoverPartResult = { kind, coldAfterResponseMs: [], coldRequestMs: [], warmMs: [], requests: 0 };
      for (const line of lines) {
        t.requests = 0;
        t.started = performance.now();
        t.lastEnd = 0;
        const cold = await hover(line);
        if (!cold.text.includes(marker) || !t.lastEnd)
          throw new Error(`no Stacks hover with a response for ${doc.lineAt(line).text.slice(3, 40)}`);
        r.coldAfterResponseMs.push(t.started + cold.ms - t.lastEnd);
        r.coldRequestMs.push(t.lastEnd - t.started);
        r.requests += t.requests;
        const warm = await hover(line);
        if (!warm.text.includes(marker)) throw new Error('the cached hover did not show');
        r.warmMs.push(warm.ms);
      }
      out.push(r);
    }
  } finally {
    restore();
  }
  return out;
}
