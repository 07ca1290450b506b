/**
 * Hands `vscode.l10n.t` to the layers that cannot import `vscode` (src/chain/l10n.ts). Imported
 * first by src/extension.ts, so a sentence those modules build while they load is translated too.
 */
import * as vscode from 'vscode';
import { useTranslator } from '../../chain/l10n';

useTranslator((message, ...args) => vscode.l10n.t(message, ...args));
