/** The networks the extension talks to, the ones a Clarinet deployment plan can name, and their names. */

export const NETWORK_IDS = ['mainnet', 'testnet', 'devnet', 'custom'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/** The networks a deployment plan publishes to, in the order the extension shows them. */
export const PLAN_NETWORKS = ['mainnet', 'testnet', 'devnet'] as const;
export type PlanNetwork = (typeof PLAN_NETWORKS)[number];

export const NETWORK_LABELS: Readonly<Record<NetworkId, string>> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  devnet: 'Devnet',
  custom: 'Custom',
};

export function isNetworkId(s: string): s is NetworkId {
  return (NETWORK_IDS as readonly string[]).includes(s);
}
