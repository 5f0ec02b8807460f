-- Drive shapecheck's language server from Neovim's built-in client (Neovim 0.7 API), headless.
-- Inputs (environment): SC_CMD (the server command, JSON list), SC_ROOT, SC_FILE, SC_LINE and
-- SC_CHAR (0-based hover position), SC_OUT (where to write the JSON result).
-- Every wait is bounded: a silent server makes the result say so, never hangs the editor.
local result = { published = nil, hover = nil, actions = nil, errors = {} }
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
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SC_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "shapecheck",
    cmd = vim.fn.json_decode(os.getenv("SC_CMD")),
    root_dir = os.getenv("SC_ROOT"),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(_, params, _, _)
        result.published = params
      end,
    },
    on_exit = function(code, signal) result.exit = { code = code, signal = signal } end,
  })
  if not client_id then error("start_client failed") end
  vim.lsp.buf_attach_client(bufnr, client_id)

  result.got_diagnostics = vim.wait(20000, function()
    return result.published ~= nil and #result.published.diagnostics > 0
  end, 20)

  local client = vim.lsp.get_client_by_id(client_id)
  local position = { line = tonumber(os.getenv("SC_LINE")), character = tonumber(os.getenv("SC_CHAR")) }
  local document = { uri = vim.uri_from_bufnr(bufnr) }
  local hover = client.request_sync("textDocument/hover", { textDocument = document, position = position },
                                    10000, bufnr)
  result.hover = hover and hover.result or vim.NIL
  if hover and hover.err then table.insert(result.errors, vim.inspect(hover.err)) end

  local diagnostic = result.published and result.published.diagnostics[1]
  if diagnostic then
    local actions = client.request_sync("textDocument/codeAction", {
      textDocument = document, range = diagnostic.range,
      context = { diagnostics = { diagnostic } } }, 10000, bufnr)
    result.actions = actions and actions.result or vim.NIL
  end

  client.stop()
  vim.wait(5000, function() return result.exit ~= nil end, 20)
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
