import { loadPart } from '../bundles/parts';
import type { StacksClient, StacksClientOptions } from './client';

/**
 * `createStacksClient`, with the client (its zod schemas above all, and c32check) a part loaded on
 * the first call instead of when the extension loads (src/bundles/parts.ts).
 */
export function createStacksClient(options: StacksClientOptions): StacksClient {
  return (loadPart('client', 'API client') as typeof import('./client')).createStacksClient(options);
}
