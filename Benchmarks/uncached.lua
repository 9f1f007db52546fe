-- Every request a different text, so every one is rendered (no cache, no 304).
local counter = 0
request = function()
  counter = counter + 1
  local path = "/render.png?template=inline-more&width=320&state=collapsed&text=We%20shipped%20the%20new%20onboarding%20flow%20today%21%20Huge%20thanks%20to%20everyone%20who%20tested%20the%20early%20builds%20" .. counter .. "%20" .. math.random(1, 1000000000)
  return wrk.format("GET", path)
end
