export { createTestMarket, type NewTestMarket } from './create-test-market.js';
export { listTestMarkets } from './list-test-markets.js';
export { MAX_TEST_MARKETS } from './model/test-market.js';
export * from './schemas.js';
export { settleTestMarket } from './settle-test-market.js';
