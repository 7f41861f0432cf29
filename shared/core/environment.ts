/** Every API key, email and count belongs to one environment: `pb_live_` keys send, `pb_test_` keys simulate. */
export const ENVIRONMENTS = ['live', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
