export { listTransactions, type TransactionFilter } from './list-transactions.js';
export { RoundBalances, userKey } from './round-balances.js';
export {
  findTransactionById,
  listTransactionRows,
  lockUsersForRound,
  postEntries,
  insertEntriesSql,
  setBalancesSql,
  streamTransactionRows,
  type Entry,
  type LockedUser,
  type RoundLockedUser,
  type ScopedEntry,
  type TransactionRow,
} from './ledger-repo.js';
export { balancesOf } from './ledger-repo.js';
export { MAX_BALANCE_MINOR, post, type Posting } from './model/balance.js';
export { presentTransaction, Transaction, TransactionPage, TransactionsQuery } from './schemas.js';
