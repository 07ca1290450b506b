/**
 * Hands `vscode.l10n.t` and the display language to the layers that cannot import `vscode` (src/chain/l10n.ts). Imported
 * first by src/extension.ts, so a sentence those modules build while they load is translated too.
 */
import * as vscode from 'vscode';
import { useLocale, useTranslator } from '../../chain/l10n';

useTranslator((message, ...args) => vscode.l10n.t(message, ...args));
useLocale(vscode.env.language);
