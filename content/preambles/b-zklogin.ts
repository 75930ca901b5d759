// Preamble for the later zkLogin steps: what earlier steps of the guide produced.
declare const jwt: string;
declare const salt: string;
declare const PROVER_URL: string;
