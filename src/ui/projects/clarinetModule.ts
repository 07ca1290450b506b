// The Clarinet reader with its TOML and YAML parsers, a part loaded the first time a workspace
// project is read (src/bundles/parts.ts), so activation stays small.
import { loadPart } from '../../bundles/parts';
import * as l10n from '../../chain/l10n';

type ClarinetModule = typeof import('../../chain/clarinet');

export function clarinetModule(): ClarinetModule {
  return loadPart('clarinet', l10n.t('Clarinet project reader')) as ClarinetModule;
}
