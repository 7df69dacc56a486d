-- First pass: an admonition table (a picture cell, then "Note"/"Tip"… and its text) becomes its
-- words; any other table (navigation, data) is dropped, as pipe tables were in earlier batches.
function Table(el)
  local blocks, image = {}, false
  local function cells(rows)
    for _, row in ipairs(rows) do
      for _, cell in ipairs(row.cells) do
        pandoc.walk_block(pandoc.Div(cell.contents), { Image = function(_) image = true end })
        for _, b in ipairs(cell.contents) do table.insert(blocks, b.t == "Plain" and pandoc.Para(b.content) or b) end
      end
    end
  end
  cells(el.head.rows)
  for _, body in ipairs(el.bodies) do cells(body.head); cells(body.body) end
  cells(el.foot.rows)
  local text = pandoc.utils.stringify(pandoc.Div(blocks))
  if image and not text:match("Prev") and not text:match("Préc") then return blocks end
  return {}
end
