-- Drive shapecheck's language server from Neovim (headless), configured by the README's own snippet.
-- Inputs (environment): SC_CONFIG (a file holding the README's Lua block), SC_FILE, SC_LINE and
-- SC_CHAR (0-based hover position), SC_OUT (where to write the JSON result). `shapecheck` must be
-- on PATH, as for a user. Every wait is bounded: a silent server makes the result say so.
local result = { diagnostics = {}, hover = nil, actions = nil, errors = {} }
local finished = false

local function finish()
  if finished then return end
  finished = true
  local file = io.open(os.getenv("SC_OUT"), "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qall!")
end

vim.defer_fn(function() table.insert(result.errors, "watchdog: 40 s passed"); finish() end, 40000)

local ok, err = pcall(function()
  dofile(os.getenv("SC_CONFIG"))   -- the user's init.lua: the README snippet, nothing added
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SC_FILE")))  -- FileType python fires here
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype

  local client
  result.attached = vim.wait(10000, function()
    local _, attached = next(vim.lsp.buf_get_clients(bufnr))  -- a table keyed by client id
    client = attached
    return client ~= nil
  end, 20)
  if not client then error("no client attached to the buffer") end
  result.client_name = client.name

  -- What the user sees: diagnostics in the buffer, through Neovim's own handler.
  result.got_diagnostics = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, { code = d.code, message = d.message, lnum = d.lnum, col = d.col,
                                       end_lnum = d.end_lnum, end_col = d.end_col })
  end

  local position = { line = tonumber(os.getenv("SC_LINE")), character = tonumber(os.getenv("SC_CHAR")) }
  local document = { uri = vim.uri_from_bufnr(bufnr) }
  local hover = client.request_sync("textDocument/hover", { textDocument = document, position = position },
                                    10000, bufnr)
  result.hover = hover and hover.result or vim.NIL
  if hover and hover.err then table.insert(result.errors, vim.inspect(hover.err)) end

  local first = result.diagnostics[1]
  if first then  -- what Neovim sends for a code action on that diagnostic
    local range = { start = { line = first.lnum, character = first.col },
                    ["end"] = { line = first.end_lnum, character = first.end_col } }
    local actions = client.request_sync("textDocument/codeAction", {
      textDocument = document, range = range, context = { diagnostics = { {
        range = range, code = first.code, message = first.message, source = "shapecheck" } } } },
      10000, bufnr)
    result.actions = actions and actions.result or vim.NIL
  end

  client.stop()
  result.stopped = vim.wait(5000, function() return client.is_stopped() end, 20)
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
