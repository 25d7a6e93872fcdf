// The explorer's page: the board lives here, every value and solve comes from the JSON API of
// `domineering serve` (docs/explorer.md).
"use strict";

const $ = (id) => document.getElementById(id);

// The position: cells[r][c] is null (empty) or who filled it: "vertical", "horizontal" or "filled".
let rows = 4, cols = 4, cells = [];
let toMove = "vertical";
const past = [], future = [];
let lastValue = null, valueController = null, solveController = null, solveId = null, solveReply = null, requestSerial = 0;

function snapshot() { return { rows, cols, cells: cells.map((r) => r.slice()), toMove }; }
function restore(s) { rows = s.rows; cols = s.cols; cells = s.cells.map((r) => r.slice()); toMove = s.toMove; }
function emptyCells(r, c) { return Array.from({ length: r }, () => Array(c).fill(null)); }

function boardText() {
  return cells.map((row) => row.map((x) => (x === null ? "." : "#")).join("")).join("/");
}

function change(mutate) {
  past.push(snapshot());
  future.length = 0;
  mutate();
  refresh();
}

function showError(message) { $("error").textContent = message || ""; }

async function api(path, body, signal) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  });
  let json;
  try { json = await response.json(); } catch (e) { throw new Error(`HTTP ${response.status} from ${path}`); }
  if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
  return json;
}

// Moves are written "V r,c" (covers (r,c) and (r+1,c)) or "H r,c" (covers (r,c) and (r,c+1)).
function parseMove(text) {
  const m = /^([VH]) (\d+),(\d+)$/.exec(text);
  if (!m) return null;
  const side = m[1] === "V" ? "vertical" : "horizontal";
  const r = +m[2], c = +m[3];
  return { side, r, c, r2: side === "vertical" ? r + 1 : r, c2: side === "vertical" ? c : c + 1 };
}

function play(text) {
  const m = parseMove(text);
  if (!m || cells[m.r][m.c] !== null || cells[m.r2][m.c2] !== null) { showError(`cannot play ${text} here`); return; }
  change(() => {
    cells[m.r][m.c] = cells[m.r2][m.c2] = m.side;
    toMove = m.side === "vertical" ? "horizontal" : "vertical";
  });
}

// Region tints, one hue per region.
function tint(i) { return `hsl(${(i * 137) % 360}, 70%, 86%)`; }

function drawBoard() {
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${cols}, 32px)`;
  board.replaceChildren();
  const region = emptyCells(rows, cols);
  if (lastValue && lastValue.board === boardText())
    lastValue.regions.forEach((rg, i) => rg.cell_list.forEach(([r, c]) => { region[r][c] = i; }));
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const d = document.createElement("div");
      d.className = "cell" + (cells[r][c] === null ? "" : cells[r][c] === "filled" ? " filled" : " " + cells[r][c]);
      d.dataset.r = r; d.dataset.c = c;
      d.id = `cell-${r}-${c}`;
      if (cells[r][c] === null && region[r][c] !== null) d.style.background = tint(region[r][c]);
      board.appendChild(d);
    }
}

// A press and a release on the same cell fills or empties it; on a neighbour below or beside,
// places that side's domino.
let pressed = null;
function cellOf(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  return el && el.classList.contains("cell") ? { r: +el.dataset.r, c: +el.dataset.c, el } : null;
}
function onDown(event) {
  const cell = cellOf(event);
  if (!cell) return;
  pressed = cell;
  cell.el.classList.add("pending");
  event.preventDefault();
}
function onUp(event) {
  if (!pressed) return;
  const from = pressed, to = cellOf(event);
  pressed = null;
  from.el.classList.remove("pending");
  if (!to) return;
  if (to.r === from.r && to.c === from.c) {
    change(() => { cells[from.r][from.c] = cells[from.r][from.c] === null ? "filled" : null; });
    return;
  }
  const dr = Math.abs(to.r - from.r), dc = Math.abs(to.c - from.c);
  if (dr + dc !== 1) { showError("a domino covers two neighbouring cells"); return; }
  const r = Math.min(from.r, to.r), c = Math.min(from.c, to.c);
  play(`${dr === 1 ? "V" : "H"} ${r},${c}`);
}

function optionRows(table, options) {
  table.replaceChildren();
  const head = table.insertRow();
  for (const h of ["", "move", "value", "incentive"]) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
  for (const o of options) {
    const tr = table.insertRow();
    tr.className = [o.dominated ? "dominated" : "", o.reversible ? "reversible" : "", o.sensible ? "sensible" : ""].join(" ").trim();
    tr.dataset.move = o.move;
    tr.title = [o.dominated ? "dominated" : "", o.reversible ? "reversible" : "", o.sensible ? "sensible" : ""].filter((x) => x).join(", ");
    for (const [text, cls] of [[o.sensible ? "*" : "", "sensible-mark"], [o.move, ""], [o.value, "game"], [o.incentive, "game"]]) {
      const td = tr.insertCell();
      td.textContent = text;
      if (cls) td.className = cls;
    }
    tr.addEventListener("click", () => play(o.move));
  }
}

function showValue(v) {
  $("canonical").textContent = v.canonical;
  $("left-stop").textContent = v.left_stop;
  $("right-stop").textContent = v.right_stop;
  $("mean").textContent = v.mean;
  $("temperature").textContent = v.temperature;
  $("outcome").textContent = { L: "L: Vertical wins whoever starts", R: "R: Horizontal wins whoever starts",
    N: "N: the player to move wins", P: "P: the player to move loses" }[v.outcome];
  const list = $("regions");
  list.replaceChildren();
  v.regions.forEach((rg, i) => {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = tint(i);
    const text = document.createElement("span");
    text.className = "game";
    text.textContent = `${rg.canonical}   (${rg.cells} cells at row ${rg.top}, column ${rg.left})`;
    li.append(sw, text);
    list.appendChild(li);
  });
  $("thermograph").innerHTML = v.thermograph_svg; // drawn by the server from exact values
  optionRows($("options-vertical"), v.options.filter((o) => o.side === "vertical"));
  optionRows($("options-horizontal"), v.options.filter((o) => o.side === "horizontal"));
}

function clearValue() {
  for (const id of ["canonical", "left-stop", "right-stop", "mean", "temperature", "outcome"]) $(id).textContent = "";
  $("regions").replaceChildren(); $("thermograph").replaceChildren();
  $("options-vertical").replaceChildren(); $("options-horizontal").replaceChildren();
}

async function refresh() {
  $("undo").disabled = past.length === 0;
  $("redo").disabled = future.length === 0;
  $("to-move").value = toMove;
  $("board-text").value = boardText();
  $("rows").value = rows; $("cols").value = cols;
  $("solve-result").textContent = "";
  showError("");
  drawBoard();
  const serial = ++requestSerial;
  if (valueController) valueController.abort(); // the position it asked about is gone
  valueController = new AbortController();
  document.body.dataset.state = "computing";
  try {
    const v = await api("/api/value", { board: boardText(), options: true }, valueController.signal);
    if (serial !== requestSerial) return; // a later position has been asked for
    lastValue = v;
    drawBoard();
    showValue(v);
  } catch (e) {
    if (serial !== requestSerial) return;
    lastValue = null;
    clearValue();
    showError(e.message);
  } finally {
    if (serial === requestSerial) document.body.dataset.state = "ready";
  }
}

async function solve() {
  const first = toMove, board = boardText();
  const seconds = +$("seconds").value;
  solveController = new AbortController();
  solveId = `solve-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  $("solve").disabled = true; $("cancel").disabled = false;
  $("solve-result").textContent = "solving...";
  document.body.dataset.solve = "running";
  const reply = api("/api/solve", { board, first, seconds, id: solveId }, solveController.signal);
  solveReply = reply;
  try {
    const s = await reply;
    // Shown only while the page still holds the position and side it was asked about.
    if (boardText() === board && toMove === first) showSolve(s, first);
  } catch (e) {
    if (boardText() === board) $("solve-result").textContent = e.name === "AbortError" ? "cancelled" : "";
    if (e.name !== "AbortError") showError(e.message);
  } finally {
    $("solve").disabled = false; $("cancel").disabled = true;
    solveController = null; solveId = null; solveReply = null;
    document.body.dataset.solve = "done";
  }
}

function showSolve(s, first) {
  const out = $("solve-result");
  out.replaceChildren();
  const name = (side) => (side === "vertical" ? "Vertical" : "Horizontal");
  if (s.winner === null) {
    out.textContent = s.stopped === "cancelled" ? "cancelled" : `no answer within the time limit (${s.nodes} nodes)`;
    return;
  }
  const how = s.decided_by === "search" ? `${s.nodes} nodes, ${s.seconds.toFixed(2)} s` : `decided by ${s.decided_by}`;
  out.append(`${name(s.winner)} wins with ${name(first)} to move (${how}).`);
  if (s.move && s.winner === first) {
    const b = document.createElement("button");
    b.id = "play-winning";
    b.textContent = `Play ${s.move}`;
    b.addEventListener("click", () => play(s.move));
    out.append(" A winning move: ", b);
  }
}

// Asks the server to stop the solve, and waits for its reply ("stopped": "cancelled"); a solve
// the server has not started yet is abandoned instead.
async function cancel() {
  const id = solveId, reply = solveReply;
  $("cancel").disabled = true;
  for (let attempt = 0; id && attempt < 20 && solveId === id; attempt++) {
    try {
      if ((await api("/api/cancel", { id })).cancelled) {
        await reply.catch(() => {});
        return;
      }
    } catch (e) { /* try again */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (solveController && solveId === id) solveController.abort();
}

async function load() {
  const text = $("board-text").value.trim();
  try {
    const v = await api("/api/board", { board: text });
    const lines = v.board.split("/");
    change(() => {
      rows = v.rows; cols = v.columns;
      cells = lines.map((line) => Array.from(line, (ch) => (ch === "." ? null : "filled")));
    });
  } catch (e) { showError(e.message); }
}

function newBoard() {
  const r = +$("rows").value, c = +$("cols").value;
  if (!(Number.isInteger(r) && Number.isInteger(c) && r >= 1 && c >= 1 && r <= 16 && c <= 16)) {
    showError("rows and columns must be whole numbers from 1 to 16");
    return;
  }
  change(() => { rows = r; cols = c; cells = emptyCells(r, c); });
}

$("board").addEventListener("pointerdown", onDown);
document.addEventListener("pointerup", onUp);
$("new-board").addEventListener("click", newBoard);
$("undo").addEventListener("click", () => { if (past.length) { future.push(snapshot()); restore(past.pop()); refresh(); } });
$("redo").addEventListener("click", () => { if (future.length) { past.push(snapshot()); restore(future.pop()); refresh(); } });
$("to-move").addEventListener("change", (e) => { toMove = e.target.value; $("solve-result").textContent = ""; });
$("solve").addEventListener("click", solve);
$("cancel").addEventListener("click", cancel);
$("load").addEventListener("click", load);
cells = emptyCells(rows, cols);
fetch("/api/limits").then((r) => r.json()).then((limits) => {
  $("seconds").max = limits.solve_seconds;
  $("seconds").value = limits.solve_seconds;
}).catch(() => {});
refresh();
