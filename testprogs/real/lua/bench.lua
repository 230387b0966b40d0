-- bench.lua N: a benchmark of the Lua interpreter in eight parts, each
-- printing a checksum; N scales the work (the tests use 1, make bench 40).
-- Written for alphasim's tests: deterministic, no clocks or addresses.
local N = tonumber(arg[1]) or 1

local function report(name, value)
  print(string.format("%-10s %s", name, tostring(value)))
end

-- 1. calls: naive Fibonacci
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
report("fib", fib(13 + math.floor(math.log(N, 2) + 0.5)))

-- 2. arrays: the sieve of Eratosthenes
local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end
report("sieve", sieve(1000 * N))

-- 3. floating point: an n-body system (Sun, Jupiter, Saturn) advanced in time
local function nbody(steps)
  local b = {
    {x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0, m = 39.47841760435743},
    {x = 4.84, y = -1.16, z = -0.10, vx = 0.606, vy = 2.81, vz = -0.02, m = 0.037},
    {x = 8.34, y = 4.12, z = -0.40, vx = -1.01, vy = 1.82, vz = 0.008, m = 0.011},
  }
  for _ = 1, steps do
    for i = 1, #b do
      local bi = b[i]
      for j = i + 1, #b do
        local bj = b[j]
        local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
        local d2 = dx * dx + dy * dy + dz * dz
        local mag = 0.01 / (d2 * math.sqrt(d2))
        bi.vx, bi.vy, bi.vz = bi.vx - dx * bj.m * mag, bi.vy - dy * bj.m * mag, bi.vz - dz * bj.m * mag
        bj.vx, bj.vy, bj.vz = bj.vx + dx * bi.m * mag, bj.vy + dy * bi.m * mag, bj.vz + dz * bi.m * mag
      end
    end
    for _, p in ipairs(b) do
      p.x, p.y, p.z = p.x + 0.01 * p.vx, p.y + 0.01 * p.vy, p.z + 0.01 * p.vz
    end
  end
  local e = 0
  for _, p in ipairs(b) do e = e + 0.5 * p.m * (p.vx ^ 2 + p.vy ^ 2 + p.vz ^ 2) end
  return string.format("%.9f", e)
end
report("nbody", nbody(100 * N))

-- 4. strings: building, formatting, patterns
local function strings(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = string.format("%d:%x:%s", i, i * 7919, string.rep("ab", i % 5)) end
  local s = table.concat(parts, ";")
  local words, sum = 0, 0
  for a, b in s:gmatch("(%d+):(%x+)") do words = words + 1; sum = sum + tonumber(b, 16) % 1000 + #a end
  local t = s:gsub("ab", "X"):upper()
  return words .. " " .. sum .. " " .. #t .. " " .. t:find(";" .. n // 2 .. ":", 1, true)
end
report("strings", strings(150 * N))

-- 5. tables: sort with a comparator, then hash-table word counts
local function tables(n)
  local t, x = {}, 42
  for i = 1, n do x = (x * 1103515245 + 12345) % 2147483648; t[i] = {key = x % 1000, id = i} end
  table.sort(t, function(a, b) if a.key ~= b.key then return a.key < b.key end return a.id < b.id end)
  local h, distinct = {}, 0
  for _, r in ipairs(t) do
    local k = "k" .. r.key
    if not h[k] then distinct = distinct + 1; h[k] = 0 end
    h[k] = h[k] + r.id
  end
  return t[1].id .. " " .. t[n].id .. " " .. distinct .. " " .. h["k" .. t[n // 2].key]
end
report("tables", tables(400 * N))

-- 6. closures and coroutines: a generator pipeline
local function gen(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local function filter(p, g)
  return coroutine.wrap(function() for v in g do if p(v) then coroutine.yield(v) end end end)
end
local acc = 0
for v in filter(function(v) return v % 3 == 0 end, gen(500 * N)) do acc = acc + v end
report("coroutine", acc)

-- 7. objects: metatables and method calls
local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec:rot() return Vec.new(-self.y, self.x) end
local v = Vec.new(1, 0)
for i = 1, 250 * N do v = (v + Vec.new(i % 3, i % 5)):rot() end
report("objects", v.x .. "," .. v.y)

-- 8. files: write, read back line by line, rename, remove
local f = assert(io.open("bench.tmp", "w"))
for i = 1, 25 * N do f:write(i, " ", i * i, "\n") end
f:close()
assert(os.rename("bench.tmp", "bench.dat"))
local lines, total = 0, 0
for l in io.lines("bench.dat") do
  local a, b = l:match("(%d+) (%d+)")
  lines, total = lines + 1, total + b - a
end
assert(os.remove("bench.dat"))
report("files", lines .. " " .. total)
report("date", os.date("!%Y-%m-%d %H:%M:%S", 86400 * 11000 + N))
