// Fixed settings for the parts that take `WatchSettings` (src/ui/shared/config.ts): the values a
// test gives, the defaults of package.json otherwise. They never change, so no settings change
// affects them. Browser-safe: no imports at run time.
import type { WatchSettings } from '../../src/ui/shared/config';

export class FakeConfig implements WatchSettings {
  /** `stacksLookup.watch.maxMinutes` (default 60). */
  readonly watchMaxMinutes: number;
  /** `stacksLookup.watchedAddresses.notify` (default off). */
  readonly watchedNotify: boolean;

  constructor(values: Partial<Pick<WatchSettings, 'watchMaxMinutes' | 'watchedNotify'>> = {}) {
    this.watchMaxMinutes = values.watchMaxMinutes ?? 60;
    this.watchedNotify = values.watchedNotify ?? false;
  }

  affects(): boolean {
    return false;
  }
}
