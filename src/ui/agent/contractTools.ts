/**
 * The chat tools about contracts: a contract's interface and deployment, a function's source, a
 * read-only call, and why a transaction failed. Names, types, source text, results and the
 * node's messages are the chain's, so all of them go in the data block.
 */
import type { ContractFunction, ContractInterface } from '../../api';
import { typeText } from '../../chain/abi';
import { readClarity } from '../../chain/claritySyntax';
import { statusTone } from '../../chain/format';
import { isSkipped, statusMeaning } from '../../chain/txStatus';
import { checkContractId, checkPrincipal, checkTxId, type ContractIdInfo } from '../../chain/identifiers';
import { clarityModule } from '../../chain/lazyClarity';
import { readOnlyHttpRefusal, readOnlyRefusal } from '../../chain/readOnlyRefusal';
import { isStacksApiError } from '../../api/errors';
import { txFailure } from '../failure/txFailure';
import { status } from './chainTools';
import { ask, asking, BadInput, maybe, originOf, text, type AgentNetwork, type ToolBody } from './toolContext';
import { contractId, hash, num, ours, renderAnswer, type Datum, type Fact, type Vouched } from './toolText';
import * as l10n from '../../chain/l10n';

/** The most characters of a function's source an answer carries. */
const MAX_SOURCE_CHARS = 4_000;
/** The lines that return a failed call's error an answer lists. */
const MAX_FAILURE_LINES = 5;

function contractOf(input: Record<string, unknown>): ContractIdInfo {
  const c = checkContractId(text(input, 'contractId', l10n.t('a contract id (<address>.<contract-name>)')));
  if (!c.ok) throw new BadInput(ours(c.reason));
  return c.value;
}

function signature(f: ContractFunction): string {
  const args = f.args.map((x) => `(${x.name} ${typeText(x.type)})`).join(' ');
  return `(${f.name}${args ? ` ${args}` : ''}) -> ${typeText(f.outputs.type)}`;
}

/** The interface as data lines: functions by access, then the state. */
export function interfaceData(iface: ContractInterface): Datum[] {
  const data: Datum[] = [];
  if (iface.clarity_version) data.push(['Clarity version', iface.clarity_version]);
  if (iface.epoch) data.push(['epoch', iface.epoch]);
  for (const access of ['public', 'read_only', 'private'])
    for (const f of iface.functions.filter((x) => x.access === access))
      data.push([`${access.replace('_', '-')} function`, signature(f)]);
  for (const v of iface.variables)
    data.push([v.access === 'constant' ? 'constant' : 'data-var', `${v.name} ${typeText(v.type)}`]);
  for (const m of iface.maps) data.push(['map', `${m.name} ${typeText(m.key)} -> ${typeText(m.value)}`]);
  for (const t of iface.fungible_tokens) data.push(['fungible token', t.name]);
  for (const t of iface.non_fungible_tokens) data.push(['non-fungible token', `${t.name} ${typeText(t.type)}`]);
  return data;
}

export const contractTool: ToolBody = async (input, ctx) => {
  const c = contractOf(input);
  const a = await asking(ctx, c.network);
  const statuses = await maybe(() => a.client.getContractsStatus([c.contractId], a.o));
  const deployed = statuses?.[c.contractId];
  const facts: Fact[] = [];
  const data: Datum[] = [['contract', c.contractId]];
  if (deployed?.found === false) {
    facts.push(['Deployed', ours(l10n.t('no: the API knows no deployment of this contract on this network'))]);
    return renderAnswer({ title: ours(l10n.t('Stacks contract on {0}', a.where)), facts, data });
  }
  if (deployed?.result) {
    const s = deployed.result.status;
    facts.push(
      [l10n.t('Deployment status'), status(s)],
      [l10n.t('Deployed in block'), num(deployed.result.block_height)],
      [l10n.t('Deploy transaction'), hash(deployed.result.tx_id)],
    );
    if (!status(s)) data.push(['deployment status', s]);
  }
  const iface = await ask(a, l10n.t('contract interface'), () => a.client.getContractInterface(c.contractId, a.o));
  const count = (x: string) => iface.functions.filter((f) => f.access === x).length;
  facts.push(
    [l10n.t('Public functions'), num(count('public'))],
    [l10n.t('Read-only functions'), num(count('read_only'))],
    [l10n.t('Private functions'), num(count('private'))],
  );
  return renderAnswer({
    title: ours(l10n.t('Stacks contract on {0}', a.where)),
    facts,
    data: [...data, ...interfaceData(iface)],
  });
};

/** The lines of the top-level `(define-… (name …) …)` of `source`, with the comments right above it. */
export function functionSource(source: string, name: string): { from: number; to: number; text: string } | undefined {
  const read = readClarity(source, { tolerant: true });
  if (!read.ok) return undefined;
  // The comments right above a definition (no blank line between) are its documentation.
  let comments: { from: number; to: number } | undefined;
  for (const e of read.exprs) {
    if (e.kind === 'comment') {
      comments =
        comments && comments.to === e.line - 1
          ? { from: comments.from, to: e.endLine }
          : { from: e.line, to: e.endLine };
      continue;
    }
    if (e.kind === 'list' && definesFunction(e.children, name)) {
      const from = comments && comments.to === e.line - 1 ? comments.from : e.line;
      return {
        from,
        to: e.endLine,
        text: source
          .split('\n')
          .slice(from - 1, e.endLine)
          .join('\n'),
      };
    }
    comments = undefined;
  }
  return undefined;
}

type Expr = Extract<ReturnType<typeof readClarity>, { ok: true }>['exprs'][number];
function definesFunction(children: Expr[], name: string): boolean {
  const [keyword, sig] = children.filter((c) => c.kind !== 'comment');
  if (keyword?.kind !== 'atom' || !/^define-(public|read-only|private)$/.test(keyword.text)) return false;
  if (sig?.kind !== 'list') return false;
  const first = sig.children.find((c) => c.kind !== 'comment');
  return first?.kind === 'atom' && first.text === name;
}

/** The answer when the contract has no function `fn`: the names it has instead, and why. */
function noSuchFunction(
  title: Vouched,
  contractId: string,
  fn: string,
  [label, names, why]: [string, string[], string],
): string {
  return renderAnswer({
    title,
    facts: [],
    data: [
      ['contract', contractId],
      ['function asked for', fn],
      [label, names.join(' ')],
    ],
    notes: [ours(why)],
  });
}

export const functionSourceTool: ToolBody = async (input, ctx) => {
  const c = contractOf(input);
  const fn = text(input, 'functionName', l10n.t('the name of a function of the contract'));
  const a = await asking(ctx, c.network);
  const { source } = await ask(a, l10n.t('contract source'), () => a.client.getContractSource(c.contractId, a.o));
  const cut = functionSource(source, fn);
  const title = ours(l10n.t('Stacks contract function source on {0}', a.where));
  if (!cut)
    return noSuchFunction(title, c.contractId, fn, [
      'functions the source defines',
      definedNames(source),
      l10n.t('The contract defines no function of that name (the names it defines are in the data block).'),
    ]);
  return renderAnswer({
    title,
    facts: [['Lines', ours(`${num(cut.from)}–${num(cut.to)}`)]],
    data: [
      ['contract', c.contractId],
      ['function', fn],
      ['source', cut.text, MAX_SOURCE_CHARS],
    ],
  });
};

function definedNames(source: string): string[] {
  const read = readClarity(source, { tolerant: true });
  if (!read.ok) return [];
  return read.exprs.flatMap((e) => {
    if (e.kind !== 'list') return [];
    const [keyword, sig] = e.children.filter((x) => x.kind !== 'comment');
    if (keyword?.kind !== 'atom' || !keyword.text.startsWith('define-') || sig?.kind !== 'list') return [];
    const first = sig.children.find((x) => x.kind !== 'comment');
    return first?.kind === 'atom' ? [first.text] : [];
  });
}

export const whyFailedTool: ToolBody = async (input, ctx) => {
  const id = checkTxId(text(input, 'txId', l10n.t('the id of a failed transaction (0x and 64 hex digits)')));
  if (!id.ok) throw new BadInput(ours(id.reason));
  const a = await asking(ctx);
  const tx = await ask(a, 'transaction', () => a.client.getTransaction(id.value, { ...a.o, eventLimit: 1 }));
  const title = ours(l10n.t('Why Stacks transaction {0} failed, on {1}', hash(tx.tx_id) ?? '', a.where));
  const facts: Fact[] = [['Status', status(tx.tx_status)]];
  // Skipped: the miner never ran it, so no line of the contract failed.
  if (isSkipped(tx.tx_status))
    return renderAnswer({
      title,
      facts: [...facts, ['What happened', ours(statusMeaning(tx.tx_status))]],
      data: [],
      notes: [ours(l10n.t('It was not run, so no line of the contract returned an error.'))],
    });
  if (statusTone(tx.tx_status) !== 'failed')
    return renderAnswer({
      title,
      facts,
      data: status(tx.tx_status) ? [] : [['status', tx.tx_status]],
      notes: [ours(l10n.t('This transaction did not fail.'))],
    });
  const f = await txFailure(tx, a.client, { signal: ctx.signal, budget: 'wait', confirmBalance: true });
  const data: Datum[] = [['why it failed', f?.headline ?? 'failed']];
  if (f?.call) data.push(['contract', f.call.contractId], ['function', f.call.fn], ['result', f.call.result]);
  if (f?.balance) data.push(['balance before', f.balance]);
  if (f?.vm) data.push(['vm_error in words', f.vm.sentence], ['vm_error', f.vm.raw]);
  else if (tx.vm_error) data.push(['vm_error', tx.vm_error]);
  const source = f?.call ? a.client.knownContractSource(f.call.contractId)?.split('\n') : undefined;
  for (const l of f?.links.slice(0, MAX_FAILURE_LINES) ?? []) {
    data.push([l10n.t('{0} (line {1})', l.name ?? l10n.t('the error'), l.line + 1), l.text]);
    const line = source?.[l.line];
    if (line !== undefined) data.push([l10n.t('source line {0}', l.line + 1), line.trim()]);
  }
  return renderAnswer({ title, facts, data });
};

/** What the user confirms before a read-only call: the contract, function, arguments, sender and network. */
export function callConfirmation(
  input: unknown,
  networks: AgentNetwork,
): { title: string; progress: string; lines: string[] } {
  const i = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  // Printable ASCII as it is; anything else (a line break that would start a line of its own, an
  // invisible character) quoted as JSON, so the user sees exactly what will be sent.
  const shown = (v: unknown) =>
    typeof v === 'string' && /^[\x20-\x7e]*$/.test(v)
      ? v
      : (JSON.stringify(v) ?? '(none)').replace(
          /[^\x20-\x7e]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
  const c = checkContractId(typeof i.contractId === 'string' ? i.contractId : '');
  const network = networks.networkFor(c.ok ? c.value.network : undefined);
  const url = networks.urlOf(network);
  const args = Array.isArray(i.arguments) ? i.arguments.map(shown) : [];
  const fn = shown(i.functionName);
  return {
    title: l10n.t('Call a read-only function on the Stacks chain?'),
    progress: l10n.t('Calling {0} on {1}', fn, networks.label(network)),
    lines: [
      `Contract: ${shown(i.contractId)}${c.ok ? '' : ' (not a valid contract id: the call will be refused)'}`,
      `Function: ${fn}`,
      `Arguments: ${args.length ? args.map((x) => JSON.stringify(x)).join(', ') : '(none)'}`,
      `Sender: ${typeof i.sender === 'string' && i.sender ? shown(i.sender) : c.ok ? `${c.value.address} (the deployer)` : '(the deployer)'}`,
      `Network: ${networks.label(network)}${url.ok ? ` (${originOf(url.url)})` : ''}`,
      l10n.t('A read-only call changes nothing on chain; it sends these values to the API.'),
    ],
  };
}

export const callReadOnlyTool: ToolBody = async (input, ctx) => {
  const c = contractOf(input);
  const fn = text(input, 'functionName', l10n.t('the name of a read-only function of the contract'));
  const raw = input.arguments ?? [];
  if (!Array.isArray(raw) || raw.some((x) => typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean'))
    throw new BadInput(
      ours(l10n.t('"arguments" must be a list of the arguments in Clarity notation, as strings (e.g. ["u5", "SP…"]).')),
    );
  const args = raw.map(String);
  const who = checkPrincipal(
    typeof input.sender === 'string' && input.sender.trim() ? input.sender.trim().replace(/^'/, '') : c.address,
  );
  if (!who.ok) throw new BadInput(ours(`sender: ${who.reason}`));
  const a = await asking(ctx, c.network);
  const iface = await ask(a, l10n.t('contract interface'), () => a.client.getContractInterface(c.contractId, a.o));
  const f = iface.functions.find((x) => x.name === fn && x.access === 'read_only');
  const title = ours(l10n.t('Stacks read-only call on {0}', a.where));
  if (!f)
    return noSuchFunction(title, c.contractId, fn, [
      'read-only functions of the contract',
      iface.functions.filter((x) => x.access === 'read_only').map((x) => x.name),
      l10n.t('The contract has no read-only function of that name: nothing was sent.'),
    ]);
  if (args.length !== f.args.length)
    throw new BadInput(
      ours(l10n.t('The function takes {0} arguments, not {1}: nothing was sent.', f.args.length, args.length)),
    );
  const codec = clarityModule();
  const encoded = f.args.map((x, n) => codec.encodeArgument(x.type, args[n]!));
  // The type (its tuple's field names are the contract's) and the reason (which may quote it) go in the block.
  const wrong = encoded.flatMap((e, n): Datum[] =>
    e.ok
      ? []
      : [
          [`argument ${n + 1} (${f.args[n]!.name}): expected type`, typeText(f.args[n]!.type), 400],
          [`argument ${n + 1}: why it does not fit`, e.reason, 800],
        ],
  );
  if (wrong.length)
    throw new BadInput(
      ours(
        l10n.t(
          'Not sent: {0} of the {1} arguments do not fit the function (each with its type is in the data block).',
          wrong.length / 2,
          f.args.length,
        ),
      ),
      [['contract', c.contractId], ['function', fn], ...wrong],
    );
  const hexes = encoded.map((e) => (e.ok ? e.hex : ''));
  const sender: Fact = [
    l10n.t('Sender'),
    who.value.kind === 'address' ? ours(who.value.principal) : contractId(who.value.principal),
  ];
  const data: Datum[] = [
    ['contract', c.contractId],
    ['function', signature(f)],
    ...encoded.map((e, n): Datum => [`argument ${f.args[n]!.name}`, e.ok ? e.text : '']),
  ];
  let budget: string | undefined;
  const result = await ask(a, l10n.t('read-only call'), () =>
    a.client
      .callReadOnly(c.contractId, fn, { sender: who.value.principal, arguments: hexes }, a.o)
      .catch((e: unknown) => {
        // The node stopping the call at its execution budget is an answer about the call, not a failed request.
        budget = isStacksApiError(e) ? readOnlyHttpRefusal(e.status, e.words) : undefined;
        if (budget === undefined || !isStacksApiError(e)) throw e;
        data.push(['what the node said', e.words ?? '']);
        return undefined;
      }),
  );
  if (!result)
    return renderAnswer({
      title,
      facts: [
        sender,
        [l10n.t('Answered'), ours(l10n.t('no: the node refused the call'))],
        [l10n.t('Why'), ours(budget ?? '')],
      ],
      data,
    });
  const facts: Fact[] = [
    sender,
    [l10n.t('Answered'), ours(result.okay ? 'yes' : l10n.t('no: the node refused the call'))],
  ];
  if (!result.okay) facts.push([l10n.t('Why'), ours(readOnlyRefusal(result.cause).plain)]);
  if (result.okay && result.result) data.push(['result', codec.clarityText(result.result) ?? result.result]);
  if (!result.okay) data.push(['why the node refused', result.cause ?? l10n.t('no reason given')]);
  return renderAnswer({ title, facts, data });
};
