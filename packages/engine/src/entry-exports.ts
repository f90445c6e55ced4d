// What both entries ('@makruk/engine' and '@makruk/engine/release') export besides the loader functions over
// their builds: one list, so the two cannot drift apart.
export {
  FEN_ERRORS,
  MOVE_PROMOTION,
  NETWORK_ERRORS,
  TABLEBASE_BYTES_PROBLEMS,
  TABLEBASE_ERRORS,
  TABLEBASE_FILE,
  TABLEBASE_ROLES,
} from './abi.js';
export { EngineAbortError, EngineNetworkError } from './errors.js';
export { SEARCH_PARAMS, WEIGHT_COUNT, WEIGHTS } from './layout.js';
export { NETWORK, engineNetworkBytes, loadEngineNetwork } from './network-file.js';
export { simdSupported } from './simd.js';
export {
  exportTablebase,
  instantiateTablebase,
  loadTablebase,
  type TablebaseBytesProblem,
  type TablebaseErrorCode,
  type TablebaseExports,
  type TablebaseFailure,
  type TablebaseResult,
  type TablebaseTableInfo,
} from './tablebase.js';
export type {
  EngineExports,
  EngineHost,
  EngineKind,
  EngineOptions,
  NetworkInfo,
  SearchLimits,
  SearchParam,
  WeightGroup,
} from './types.js';
