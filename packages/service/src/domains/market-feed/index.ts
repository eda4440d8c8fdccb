export { listFeedMarkets, readFeedMarket } from './feed-markets.js';
