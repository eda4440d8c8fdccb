import { REDEEM_WITHIN_S, WINDOW_S } from '../domains/rate-limits/index.js';

/**
 * domains/rate-limits/model/judge.ts in Lua, with the store's keeping of the verdict, so that one request
 * is one atomic round trip over all its buckets (test/window-stores-redis.test.ts holds it to the model).
 * Each bucket is one hash: field `<second>` = requests counted in that second of the service clock,
 * `g<second>` = Retry-Afters given that point into it and are not yet redeemed, `at` = the instant (ms) the
 * last one pointed to. Time is ARGV's, the service clock's; only key expiry is on Redis's own clock.
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
local buckets, passes = {}, true

-- Read each bucket, dropping what can no longer matter (seconds before the window, Retry-Afters past redeeming).
for i, key in ipairs(KEYS) do
  local b = { limit = tonumber(ARGV[2 + i]), counts = {}, given = {}, used = 0, oldest = second }
  local flat, stale = redis.call('HGETALL', key), {}
  for j = 1, #flat, 2 do
    local field, value = flat[j], tonumber(flat[j + 1])
    if field == 'at' then
      b.at = value
    elseif string.byte(field, 1) == 103 then
      local s = tonumber(string.sub(field, 2))
      if s < redeem_from then stale[#stale + 1] = field else b.given[s] = value end
    else
      local s = tonumber(field)
      if s < from then
        stale[#stale + 1] = field
      else
        b.counts[s] = value
        if s <= second then
          b.used = b.used + value
          if s < b.oldest then b.oldest = s end
        end
      end
    end
  end
  if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
  if b.used + 1 > b.limit then passes = false end
  buckets[i] = b
end

-- Room in every bucket: count it in each; the headers are the tightest's (the first of equals).
if passes then
  local pick
  for i, key in ipairs(KEYS) do
    local b = buckets[i]
    redis.call('HINCRBY', key, second, 1)
    redis.call('PEXPIRE', key, keep)
    b.remaining = b.limit - b.used - 1
    if not pick or b.remaining < buckets[pick].remaining then pick = i end
  end
  return {1, 0, pick - 1, buckets[pick].remaining, buckets[pick].oldest + WINDOW - second}
end

-- Refused: before a bucket's last Retry-After the request redeems a due one or stays counted there;
-- then each bucket's wait for room, from the counts that stay.
local retry_after = 0
for i, key in ipairs(KEYS) do
  local b = buckets[i]
  local stays = 0
  b.outstanding = 0
  for _, count in pairs(b.given) do b.outstanding = b.outstanding + count end
  if b.at and now < b.at then
    local pick
    for s, count in pairs(b.given) do
      if count > 0 and s <= second and (not pick or s < pick) then pick = s end
    end
    if pick then b.outstanding = b.outstanding - 1 end
    if pick and b.given[pick] > 1 then
      redis.call('HINCRBY', key, 'g' .. pick, -1)
    elseif pick then
      redis.call('HDEL', key, 'g' .. pick)
    else
      stays = 1
      redis.call('HINCRBY', key, second, 1)
      redis.call('PEXPIRE', key, keep)
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
    redis.call('PEXPIRE', key, keep)
    if not decisive or b.wait > buckets[decisive].wait then decisive = i end
  end
end
return {0, retry_after, decisive - 1, buckets[decisive].remaining, retry_after}
`;
