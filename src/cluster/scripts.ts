// The cluster's steps in Redis, each one script and so atomic (docs/cluster.md "Keys"). A lobby's
// owner is "<node id>:<incarnation>"; it is alive while sm:node:<id> holds that incarnation. The
// scripts read that node key by name, which a single Redis allows (a Redis Cluster would not).
import { script } from "./redis";

export const keys = {
  node: (id: string) => `sm:node:${id}`,
  wanted: (id: string) => `sm:wanted:${id}`,
  lobby: (code: string) => `sm:lobby:${code}`,
  chat: (code: string) => `sm:chat:${code}`,
  own: (code: string) => `sm:own:${code}`,
  ownSeq: (code: string) => `sm:ownseq:${code}`,
  ownBytes: "sm:ownbytes",
  quarantine: (code: string) => `sm:quarantine:${code}`,
  rate: (budget: string, address: string) => `sm:rate:${budget}:${address}`,
};

/** A lobby's keys, in the order the commit script takes them. */
export const lobbyKeys = (code: string) => [keys.lobby(code), keys.chat(code), keys.own(code), keys.ownSeq(code), keys.ownBytes, keys.quarantine(code)];

/**
 * Renews the node's lease and takes the codes other nodes asked it for.
 * KEYS: node, wanted. ARGV: incarnation, ttl ms.
 */
export const RENEW = script(`
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local wanted = redis.call('SMEMBERS', KEYS[2])
if #wanted > 0 then redis.call('DEL', KEYS[2]) end
return wanted`);

/** Lets the node's lease go, if it is still this incarnation's. KEYS: node. ARGV: incarnation. */
export const LEAVE = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`);

/**
 * The prefix of a family of keys (keys.node("") is "sm:node:"), for the scripts that make a key from a
 * name they read: they take it as an argument, so every key's spelling stays in `keys`.
 */
export const prefixOf = (key: (name: string) => string) => key("");

/**
 * Takes a lobby: {0} no such lobby; {1, owner} it is a live node's; {2, epoch, state, updatedAt, chat}
 * taken, one epoch on. KEYS: lobby, chat. ARGV: owner, chat lines kept, prefixOf(keys.node).
 */
export const CLAIM = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
local owner = redis.call('HGET', KEYS[1], 'owner') or ''
if owner ~= '' and owner ~= ARGV[1] then
  local sep = string.find(owner, ':', 1, true)
  if sep and redis.call('GET', ARGV[3] .. string.sub(owner, 1, sep - 1)) == string.sub(owner, sep + 1) then return {1, owner} end
end
local epoch = redis.call('HINCRBY', KEYS[1], 'epoch', 1)
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
local f = redis.call('HMGET', KEYS[1], 'state', 'updatedAt')
return {2, epoch, f[1] or '', f[2] or '0', redis.call('LRANGE', KEYS[2], -tonumber(ARGV[2]), -1)}`);

/**
 * Gives a lobby up, if this owner (and epoch, unless it is empty: a lobby the node no longer has in
 * memory) still holds it: 1, else 0. KEYS: lobby. ARGV: owner, epoch.
 */
export const RELEASE = script(`
local f = redis.call('HMGET', KEYS[1], 'owner', 'epoch')
if f[1] ~= ARGV[1] or (ARGV[2] ~= '' and f[2] ~= ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'owner', '')
return 1`);

/** A new lobby, if its code is free: 1, else 0. KEYS: lobby. ARGV: owner, state, updatedAt, ttl ms. */
export const CREATE = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'updatedAt', ARGV[3], 'owner', ARGV[1], 'epoch', 1, 'ownBytes', 0)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`);

/**
 * One command's changes to a lobby, fenced: refused with FENCED unless this owner and epoch hold it.
 * Returns the own-question rows changed. The lobby's code names its field in the own-question bytes.
 * KEYS: lobbyKeys(code). ARGV: owner, epoch, ttl ms, kind, code, then by kind:
 *   save: state, at; chat: line, at, lines kept; remove: -, -; quarantine: reason, at;
 *   addOwn: -, at, body...; updateOwn: id, at, body; removeOwn: id, at.
 */
export const COMMIT = script(`
local f = redis.call('HMGET', KEYS[1], 'owner', 'epoch')
if f[1] ~= ARGV[1] or f[2] ~= ARGV[2] then return redis.error_reply("FENCED this lobby is another node's now") end
local kind = ARGV[4]
local changed = 0
local function bytes(delta)
  if delta ~= 0 then
    redis.call('HINCRBY', KEYS[1], 'ownBytes', delta)
    redis.call('HINCRBY', KEYS[5], ARGV[5], delta)
  end
end
if kind == 'remove' or kind == 'quarantine' then
  if kind == 'quarantine' then
    local own = redis.call('HGETALL', KEYS[3])
    redis.call('HSET', KEYS[6], 'state', redis.call('HGET', KEYS[1], 'state') or '', 'chat', cjson.encode(redis.call('LRANGE', KEYS[2], 0, -1)), 'own', cjson.encode(own), 'reason', ARGV[6], 'at', ARGV[7])
    redis.call('PEXPIRE', KEYS[6], 2592000000)
  end
  redis.call('HDEL', KEYS[5], ARGV[5])
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
  return 0
end
if kind == 'save' then
  redis.call('HSET', KEYS[1], 'state', ARGV[6], 'updatedAt', ARGV[7])
elseif kind == 'chat' then
  redis.call('RPUSH', KEYS[2], ARGV[6])
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[8]), -1)
  redis.call('HSET', KEYS[1], 'updatedAt', ARGV[7])
elseif kind == 'addOwn' then
  local added = 0
  for i = 8, #ARGV do
    redis.call('HSET', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[i])
    added = added + #ARGV[i]
    changed = changed + 1
  end
  bytes(added)
  redis.call('HSET', KEYS[1], 'updatedAt', ARGV[7])
elseif kind == 'updateOwn' or kind == 'removeOwn' then
  local old = redis.call('HGET', KEYS[3], ARGV[6])
  if old then
    if kind == 'updateOwn' then
      redis.call('HSET', KEYS[3], ARGV[6], ARGV[8])
      bytes(#ARGV[8] - #old)
    else
      redis.call('HDEL', KEYS[3], ARGV[6])
      bytes(-#old)
    end
    changed = 1
  end
  redis.call('HSET', KEYS[1], 'updatedAt', ARGV[7])
end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
return changed`);

/**
 * The bytes of every lobby's own questions, forgetting lobbies whose keys expired (an owner that died
 * and was never followed). KEYS: ownbytes. ARGV: prefixOf(keys.lobby).
 */
export const OWN_BYTES = script(`
local total = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if redis.call('EXISTS', ARGV[1] .. all[i]) == 1 then total = total + tonumber(all[i + 1])
  else redis.call('HDEL', KEYS[1], all[i]) end
end
return total`);

/** Counts one more call of a window: the count. KEYS: rate key. ARGV: window ms. */
export const COUNT = script(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`);
