// The data modules scripts/build.mjs writes into dist/ beside the compiled sources (not TypeScript: bytes and tables).
// The patterns match the relative specifiers the sources import them by; build.mjs writes exactly these names.

/** wasm-release.js, wasm-debug.js, wasm-compat.js, wasm-thread-0.js … wasm-thread-7.js: one build's bytes. */
declare module './wasm-*' {
  export const WASM_BASE64: string;
}

/** network.js: the compiled-in network file ('' when networks/default.json names none). */
declare module '*/network.js' {
  export const NETWORK_BASE64: string;
}

/** tables.js: weights.json's and search-params.json's entries, and the compiled-in network's summary. */
declare module '*/tables.js' {
  export const WEIGHTS_TABLE: readonly { name: string; doc: string; labels?: string[] | null; defaults: number[] }[];
  export const SEARCH_PARAMS_TABLE: readonly {
    name: string;
    doc: string;
    default: number;
    min: number;
    max: number;
    step: number;
    tune?: boolean;
  }[];
  export const NETWORK_SUMMARY: import('./types.js').NetworkInfo | null;
}
