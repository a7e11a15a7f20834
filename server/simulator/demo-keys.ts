// The API keys of the simulator's two demo accounts: the one place that spells them, for the
// simulator's defaults, the dev proxy, the tests and the benchmarks. They open only the simulator.
export const DEMO_KEYS = {
  acme: 'sim_demo_key_acme',
  globex: 'sim_demo_key_globex',
} as const
