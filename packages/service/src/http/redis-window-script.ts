import { REDEEM_WITHIN_S, WINDOW_S } from '../domains/rate-limits/index.js';

/**
 * domains/rate-limits/model/judge.ts in Lua, with the store's keeping of the verdict, so that one request
 * is one atomic round trip over all its buckets (test/window-stores-redis.test.ts holds it to the model).
 * Each bucket is one hash: field `<second>` = requests counted in that second of the service clock,
 * `g<second>` = Retry-Afters given that point into it and are not yet redeemed, `at` = the instant (ms) the
 * last one pointed to, and `n`, `lo`, `hi` = the sum of the counts and their oldest and newest seconds.
 * Time is ARGV's, the service clock's; only key expiry is on Redis's own clock.
 *
 * Why `n`, `lo`, `hi`: a request that passes needs only how many the window holds and its oldest second,
 * so it reads those three and drops the seconds that left the window from `lo` on (each second once in the
 * bucket's life), instead of reading and parsing the sixty seconds a busy bucket holds; that parsing made
 * the script cost Redis four times the old limiter's commands. A refusal (and any hash with a count after
 * this second: another process's clock ahead, or a clock set back) reads the whole hash, as the model does.
 *
 * KEYS: the request's buckets. ARGV: now (ms), how long to keep a changed hash (ms), each key's limit.
 * Answers {allowed 1|0, Retry-After, the 0-based index of the bucket the headers describe, its remaining,
 * its reset}.
 */
export const TAKE_SCRIPT = `
local WINDOW, REDEEM_WITHIN = ${WINDOW_S}, ${REDEEM_WITHIN_S}
local now, keep = tonumber(ARGV[1]), ARGV[2]
local second = math.floor(now / 1000)
local from, redeem_from = second - WINDOW + 1, second - REDEEM_WITHIN

-- The whole bucket: counts per second (dropping those before the window), given Retry-Afters (for a
-- refusal, dropping those past redeeming, as the memory store does), the last instant; n, lo and hi
-- recomputed from what stays.
local function read_all(key, b, refusing)
  local flat, stale = redis.call('HGETALL', key), {}
  b.counts, b.given, b.used, b.oldest, b.n, b.lo, b.hi = {}, {}, 0, second, 0, nil, nil
  for j = 1, #flat, 2 do
    local field, value = flat[j], tonumber(flat[j + 1])
    local first = string.byte(field, 1)
    if first == 103 then
      local s = tonumber(string.sub(field, 2))
      if refusing and s < redeem_from then stale[#stale + 1] = field else b.given[s] = value end
    elseif first >= 48 and first <= 57 then
      local s = tonumber(field)
      if s < from then
        stale[#stale + 1] = field
      else
        b.counts[s], b.n = value, b.n + value
        if not b.lo or s < b.lo then b.lo = s end
        if not b.hi or s > b.hi then b.hi = s end
        if s <= second then
          b.used = b.used + value
          if s < b.oldest then b.oldest = s end
        end
      end
    elseif field == 'at' then
      b.at = value
    end
  end
  if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
  b.moved = true
end

-- What a passing request needs: the counts in the window and its oldest second, from n, lo and hi.
local function read_used(key, b)
  local meta = redis.call('HMGET', key, 'n', 'lo', 'hi')
  local n, lo, hi = tonumber(meta[1]) or 0, tonumber(meta[2]), tonumber(meta[3])
  if n > 0 and (hi > second or hi - lo > 2 * WINDOW) then return read_all(key, b, false) end
  if n > 0 and lo < from then
    repeat
      local count = tonumber(redis.call('HGET', key, lo))
      if count and lo >= from then break end
      if count then
        n = n - count
        redis.call('HDEL', key, lo)
      end
      lo = lo + 1
    until n == 0
    b.moved = true
  end
  b.n, b.used = n, n
  if n > 0 then b.lo, b.hi, b.oldest = lo, hi, lo else b.oldest = second end
end

-- Counts the request in its second, keeping n, lo and hi.
local function count(key, b)
  redis.call('HINCRBY', key, second, 1)
  b.n = b.n + 1
  if not b.lo or second < b.lo then b.lo = second end
  if not b.hi or second > b.hi then b.hi = second end
  b.moved = true
end

local function keep_meta(key, b)
  if b.moved and b.n > 0 then redis.call('HSET', key, 'n', b.n, 'lo', b.lo, 'hi', b.hi) end
  if b.moved and b.n == 0 then redis.call('HDEL', key, 'n', 'lo', 'hi') end
  redis.call('PEXPIRE', key, keep)
end

local buckets, passes = {}, true
for i, key in ipairs(KEYS) do
  local b = { limit = tonumber(ARGV[2 + i]) }
  read_used(key, b)
  if b.used + 1 > b.limit then passes = false end
  buckets[i] = b
end

-- Room in every bucket: count it in each; the headers are the tightest's (the first of equals).
if passes then
  local pick
  for i, key in ipairs(KEYS) do
    local b = buckets[i]
    b.remaining = b.limit - b.used - 1
    count(key, b)
    keep_meta(key, b)
    if not pick or b.remaining < buckets[pick].remaining then pick = i end
  end
  return {1, 0, pick - 1, buckets[pick].remaining, buckets[pick].oldest + WINDOW - second}
end

-- Refused: before a bucket's last Retry-After the request redeems a due one or stays counted there;
-- then each bucket's wait for room, from the counts that stay.
local retry_after = 0
for i, key in ipairs(KEYS) do
  local b = buckets[i]
  read_all(key, b, true)
  local stays = 0
  b.outstanding = 0
  for _, given in pairs(b.given) do b.outstanding = b.outstanding + given end
  if b.at and now < b.at then
    local pick
    for s, given in pairs(b.given) do
      if given > 0 and s <= second and (not pick or s < pick) then pick = s end
    end
    if pick then b.outstanding = b.outstanding - 1 end
    if pick and b.given[pick] > 1 then
      redis.call('HINCRBY', key, 'g' .. pick, -1)
    elseif pick then
      redis.call('HDEL', key, 'g' .. pick)
    else
      stays = 1
      count(key, b)
    end
  end
  b.remaining = math.max(0, b.limit - b.used - stays)
  local room, used = b.limit - 1 - stays, b.used
  b.wait = WINDOW
  if used <= room then
    b.wait = 1
  else
    for s = from, second - 1 do
      used = used - (b.counts[s] or 0)
      if used <= room then
        b.wait = s + WINDOW - second
        break
      end
    end
  end
  if b.wait > retry_after then retry_after = b.wait end
end

-- Each refusing bucket remembers the instant, redeemable while it holds fewer than its limit; the headers
-- are the refusing one that waits longest.
local retry_at, decisive = now + retry_after * 1000, nil
for i, key in ipairs(KEYS) do
  local b = buckets[i]
  if b.used + 1 > b.limit then
    redis.call('HSET', key, 'at', retry_at)
    if b.outstanding < b.limit then redis.call('HINCRBY', key, 'g' .. math.floor(retry_at / 1000), 1) end
    if not decisive or b.wait > buckets[decisive].wait then decisive = i end
  end
  keep_meta(key, b)
end
return {0, retry_after, decisive - 1, buckets[decisive].remaining, retry_after}
`;
