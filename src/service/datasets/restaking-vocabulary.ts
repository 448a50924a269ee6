/**
 * Names for E6/E7. Real services and node operators of the restaking ecosystem head the lists (so the data reads right
 * to someone who knows it); generated names fill up to the documented counts. Names that carry the restaking
 * protocol's own brand are left out, as the spec leaves its brand out.
 */
export const KNOWN_AVS = [
  "AltLayer MACH", "Eoracle", "Witness Chain", "Lagrange State Committees", "Lagrange ZK Prover Network", "Brevis coChain",
  "Hyperlane", "Omni Network", "Xterio MACH", "ARPA Network BLS Oracle", "Automata Multi-Prover", "Aligned Layer",
  "Ungate InfiniRoll", "Openlayer", "Cyber MACH", "DODOchain MACH", "Drosera", "Predicate", "Chainbase Network", "Ethos",
  "Gasp", "Hyperbolic", "Kalypso", "Mishti Network", "Nuffle Labs", "Opacity Network", "Primev mev-commit",
  "Redstone Oracles", "Skate", "Unifi", "Cycle Network", "Blockless", "Aethos", "Silence Laboratories", "Ava Protocol",
  "Lombard", "Polyhedra zkBridge", "Rivet", "Sophon", "Mantle DA",
];

export const AVS_SUFFIXES = ["Network", "Oracle", "Protocol", "AVS", "DA", "Bridge", "Prover", "Sequencer", "Coprocessor", "MACH", "Labs", "Keeper"];

export const KNOWN_OPERATORS = [
  "P2P.org", "Figment", "Kiln", "Everstake", "Chorus One", "Luganodes", "Galaxy", "Blockdaemon", "Staked", "InfStones",
  "HashKey Cloud", "Nethermind", "Renzo", "Puffer", "ether.fi", "Swell", "Kelp", "Stakin", "Allnodes", "DSRV", "A41",
  "Finoa", "Ankr", "Pier Two", "Twinstake", "Northstake", "Validation Cloud", "stakefish", "Chainlayer", "Nodes.Guru",
  "Bware Labs", "Cosmostation", "HashQuark", "Unagi", "RockX", "Ubiquity", "Simply Staking", "Stakely", "Lavender.Five",
  "Node Monster", "Temporal", "Obol Collective", "SSV Operators", "Gateway.fi", "Brightlystake", "Coinbase Cloud",
];

export const OPERATOR_SUFFIXES = ["Staking", "Nodes", "Validators", "Labs", "Capital", "Infra", "Node Services", "Collective", "Cloud", "Digital"];

export const WEB_TLDS = ["io", "xyz", "com", "network", "org", "fi", "tech", "one"];

/** Pieces of operator descriptions, combined per operator: real descriptions are one or two such sentences. */
export const DESCRIPTION_OPENINGS = [
  "Institutional-grade node operator",
  "Independent staking provider",
  "Non-custodial validator operator",
  "Community-run staking collective",
  "Enterprise infrastructure provider",
  "Solo-staker led operator",
  "Liquid restaking protocol operator",
];

export const DESCRIPTION_CLAIMS = [
  "running validators across 30+ proof-of-stake networks",
  "with 99.9% uptime since genesis",
  "securing actively validated services with geographically distributed infrastructure",
  "operating from bare-metal servers in three continents",
  "backed by SOC 2 Type II certified processes",
  "focused on slashing protection and transparent reporting",
  "serving funds, custodians and liquid restaking protocols",
  "with in-house monitoring and 24/7 on-call engineers",
];

/** Restaked strategies in spec column order, with their rough relative size in an average service. */
export const STRATEGIES: readonly { column: string; weight: number }[] = [
  { column: "cbETH_TVL", weight: 6 },
  { column: "stETH_TVL", weight: 30 },
  { column: "rETH_TVL", weight: 5 },
  { column: "ETHx_TVL", weight: 3 },
  { column: "ankrETH_TVL", weight: 1 },
  { column: "OETH_TVL", weight: 0.5 },
  { column: "osETH_TVL", weight: 2 },
  { column: "swETH_TVL", weight: 2 },
  { column: "wBETH_TVL", weight: 3 },
  { column: "sfrxETH_TVL", weight: 1.5 },
  { column: "lsETH_TVL", weight: 0.8 },
  { column: "mETH_TVL", weight: 5 },
  { column: "beacon_chain_ETH_TVL", weight: 45 },
];
