/**
 * Command links in Markdown (hovers): `[label](command:id?args)`. Each command a link may run is
 * listed with the arguments it takes, so a link is type-checked against what its command reads
 * (as GitLens's `createMarkdownCommandLink` does), and the arguments are encoded as VS Code reads
 * them back.
 */
import type { NetworkId } from '../../chain/networks';
import type { Target } from '../../chain/target';
import { Commands } from '../../constants';

/** What each linked command receives, in order. */
export interface CommandLinkArgs {
  [Commands.lookup]: [target: Target];
  [Commands.showTransaction]: [txId: string];
  [Commands.showAddress]: [address: string];
  [Commands.showContractStatus]: [contractId: string];
  [Commands.watchTransaction]: [target: Target];
  [Commands.watchAddress]: [address: string];
  [Commands.openInExplorer]: [target: Target];
  [Commands.copy]: [text: string];
  [Commands.openErrorLine]: [
    line: { network: NetworkId; contractId: string; fn: string; result: string; link: number },
  ];
  [Commands.traceTransaction]: [tx: { id: string; network: NetworkId }];
}

export type LinkedCommand = keyof CommandLinkArgs;

/** A `command:` URI with its arguments as encoded JSON, as VS Code reads them from a Markdown link. */
export function commandUri<C extends LinkedCommand>(command: C, args: CommandLinkArgs[C]): string {
  const json = encodeURIComponent(JSON.stringify(args)).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `command:${command}?${json}`;
}
