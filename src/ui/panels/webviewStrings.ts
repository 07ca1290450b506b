/**
 * The detail panel's own words (src/webview: buttons, labels, placeholders), translated here and
 * written into the panel's document (html.ts), where src/webview/l10n.ts reads them. Keyed by the
 * English the webview writes; a unit test fails when the webview uses a word missing here.
 */
import * as vscode from 'vscode';

export function webviewStrings(): Record<string, string> {
  return {
    'A block height or a block hash (0x + 64 hex digits)': vscode.l10n.t(
      'A block height or a block hash (0x + 64 hex digits)',
    ),
    'A block height or hash; empty for the latest block': vscode.l10n.t(
      'A block height or hash; empty for the latest block',
    ),
    'At block': vscode.l10n.t('At block'),
    Back: vscode.l10n.t('Back'),
    'Balance at block': vscode.l10n.t('Balance at block'),
    'Block height or hash': vscode.l10n.t('Block height or hash'),
    Call: vscode.l10n.t('Call'),
    'Copy result': vscode.l10n.t('Copy result'),
    'Copy {0}': vscode.l10n.t('Copy {0}'),
    'Current balance': vscode.l10n.t('Current balance'),
    'First page': vscode.l10n.t('First page'),
    Forward: vscode.l10n.t('Forward'),
    'Hide events': vscode.l10n.t('Hide events'),
    'Last page': vscode.l10n.t('Last page'),
    'Loading {0}…': vscode.l10n.t('Loading {0}…'),
    'Next page': vscode.l10n.t('Next page'),
    'Open in Bitcoin explorer': vscode.l10n.t('Open in Bitcoin explorer'),
    'Open in web explorer': vscode.l10n.t('Open in web explorer'),
    'Previous page': vscode.l10n.t('Previous page'),
    Read: vscode.l10n.t('Read'),
    Refresh: vscode.l10n.t('Refresh'),
    Sender: vscode.l10n.t('Sender'),
    'Show balance': vscode.l10n.t('Show balance'),
    'Show events': vscode.l10n.t('Show events'),
    Simulate: vscode.l10n.t('Simulate'),
    constant: vscode.l10n.t('constant'),
    'data variable': vscode.l10n.t('data variable'),
    map: vscode.l10n.t('map'),
  };
}
