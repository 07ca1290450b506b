/**
 * The identifier at a place in an editor, as every feature reads it (the hover, the context key of
 * the editor's menu, the lookup commands, the view's Watch Address): recognition only, the line
 * of the place alone, and in Clarity a relative `.name` read against the deployer of the Clarinet
 * project that holds the document. Who knows that deployer (src/services.ts, from the projects)
 * passes it in.
 */
import type * as vscode from 'vscode';
import { findIdentifiers, type FoundIdentifier, MAX_SCAN_LINE } from '../../chain/recognize';

/** The deployer address of the Clarinet project that holds `uri`, when one is known. */
export type DeployerLookup = (uri: vscode.Uri) => string | undefined;

/** Clarity files by language id (the official Clarity extension) and by name (without it). */
export function isClarity(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'clarity' || doc.uri.path.endsWith('.clar');
}

/** The identifier under `position` (its last character included, the position after it not). */
export function identifierUnder(
  doc: vscode.TextDocument,
  position: vscode.Position,
  deployerOf: DeployerLookup,
): FoundIdentifier | undefined {
  const line = doc.lineAt(position.line).text;
  if (line.length > MAX_SCAN_LINE) return undefined;
  const clarity = isClarity(doc);
  const deployer = clarity ? deployerOf(doc.uri) : undefined;
  return findIdentifiers(line, { clarity, ...(deployer ? { deployer } : {}) }).find(
    (f) => f.start <= position.character && position.character < f.end,
  );
}

/** The identifier at the cursor `position`: the one under it, or the one it stands just after. */
export function identifierAtCursor(
  doc: vscode.TextDocument,
  position: vscode.Position,
  deployerOf: DeployerLookup,
): FoundIdentifier | undefined {
  return (
    identifierUnder(doc, position, deployerOf) ??
    (position.character > 0 ? identifierUnder(doc, position.translate(0, -1), deployerOf) : undefined)
  );
}
