/** Every API key, email and count belongs to one environment: `pb_live_` keys send, `pb_test_` keys simulate. */
export type Environment = 'live' | 'test';
