// The web build's API client: a part of its lazily compiled bundle (src/bundles/webLazy.ts), compiled and
// run on the first request, so activation neither parses it nor builds the zod schemas.
import { webPart } from '../bundles/webLazy';
import type { StacksClient, StacksClientOptions } from './client';

export function createStacksClient(options: StacksClientOptions): StacksClient {
  return (webPart('client', 'API client') as typeof import('./client')).createStacksClient(options);
}
