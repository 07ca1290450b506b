// What the view-model tests build panels for: the custom network of a mock, at a pinned time.
import type { ModelContext } from '../../src/ui/panels/models/values';

export const MODEL_CONTEXT: ModelContext = {
  network: 'custom',
  networkLabel: 'Custom',
  baseUrl: 'http://127.0.0.1:1',
  hasApiKey: false,
  now: Date.parse('2024-01-01T00:00:00Z'),
};
