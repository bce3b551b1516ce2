// The report's interactive charts: built from the JSON data in the page (#hdr-data), they replace the static SVG
// pictures (which stay for readers without JavaScript, and wherever a chart fails). Values on hover, a log/linear y
// axis, series on and off; on the timeline, a dragged time range that the percentile chart, the range table and the
// hover numbers then answer, computed from the range's counts exactly as the library computes (so they equal
// `hdr summary --start S --end E` over the same intervals). The range is kept in the URL fragment (#range=S,E).
// No array is ever spread into a call (Math.min.apply and the like overflow the stack on long logs).
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var W = 1000, H = 520, L = 90, R = 24, T = 16, B = 56;
  var data = JSON.parse(document.getElementById('hdr-data').textContent);
  // A timeline point: [timeSec, count, intervals, afterGap, firstStartSec, lastStartSec, value of each line...].
  var VALUES = 6;
  // The timeline's lines, in drawing order (max first, underneath), styled as the pictures are (the page's data
  // carries the one table both use).
  var LINES = data.timeline ? data.timeline.lines.map(function (line, k) {
    return { name: line.name, percentile: line.percentile, index: VALUES + k, dash: line.dash.join(' '), width: line.width };
  }) : [];
  // The moving-window percentiles: after the lines' values in each timeline point, drawn wide and translucent.
  var MOVING = data.timeline ? data.timeline.moving : [];
  var MOVING_AT = VALUES + LINES.length;
  var TICK_PERCENTILES = data.percentiles.tickPercentiles;
  // The percentiles the timeline marks with horizontal lines, for the whole log or the selected range.
  var MARKS = [['p99', 99], ['p99.9', 99.9], ['p99.99', 99.99], ['max', null]];

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) { e.setAttribute(k, attrs[k]); } }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function html(name, cls, parent, text) {
    var e = document.createElement(name);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function num(v) { return v.toFixed(3); }
  function pct(p) { return String(+p.toFixed(6)) + '%'; }
  function tickText(v) {
    if (v === 0) { return '0'; }
    var a = Math.abs(v);
    if (a >= 1000) { return Math.round(v).toLocaleString('en-US'); }
    return String(+v.toPrecision(6));
  }
  function linearTicks(min, max) {
    var span = max - min || 1, step = Math.pow(10, Math.floor(Math.log10(span / 6)));
    if (span / step > 30) { step *= 5; } else if (span / step > 12) { step *= 2; }
    var ticks = [];
    for (var v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) { ticks.push(+v.toPrecision(12)); }
    return ticks;
  }
  function logTicks(min, max) {
    var ticks = [], lo = Math.floor(Math.log10(min)), hi = Math.ceil(Math.log10(max));
    var steps = hi - lo <= 2 ? [1, 2, 5] : [1];
    for (var d = lo; d <= hi; d++) {
      for (var i = 0; i < steps.length; i++) {
        var v = +(steps[i] * Math.pow(10, d)).toPrecision(12);
        if (v >= min && v <= max) { ticks.push(v); }
      }
    }
    return ticks;
  }

  // ---- Counts: the blocks' V2 payloads, and the library's arithmetic over them ----

  var BASE64 = new Int16Array(128).fill(-1);
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach(function (c, i) { BASE64[c.charCodeAt(0)] = i; });
  function base64Bytes(text) {
    if (typeof Uint8Array.fromBase64 === 'function') { return Uint8Array.fromBase64(text); }
    var pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0, bytes = new Uint8Array(text.length / 4 * 3 - pad), at = 0;
    for (var i = 0; i < text.length; i += 4) {
      var n = (BASE64[text.charCodeAt(i)] << 18) | (BASE64[text.charCodeAt(i + 1)] << 12) | ((BASE64[text.charCodeAt(i + 2)] & 63) << 6) | (BASE64[text.charCodeAt(i + 3)] & 63);
      bytes[at++] = n >> 16;
      if (at < bytes.length) { bytes[at++] = (n >> 8) & 255; }
      if (at < bytes.length) { bytes[at++] = n & 255; }
    }
    return bytes;
  }

  // Every block's non-zero counts in one pass over the payloads (ZigZag LEB128-64b9B numbers, a negative one a run of
  // zero counts): block k's are entries [start[k], start[k + 1]) of idx (logical index) and cnt (count).
  function decodeAll(bytes, sizes) {
    var idx = new Int32Array(bytes.length), cnt = new Float64Array(bytes.length), start = new Int32Array(sizes.length + 1);
    var pos = 0, n = 0, top = 0;
    for (var k = 0; k < sizes.length; k++) {
      var end = pos + sizes[k], index = 0;
      start[k] = n;
      while (pos < end) {
        var b = bytes[pos++], v;
        if (b < 0x80) {
          v = (b >>> 1) ^ -(b & 1); // one byte: most counts and zero runs
        } else {
          var z = b & 0x7f, mul = 128, read = 1;
          while ((b & 0x80) !== 0) {
            b = bytes[pos++];
            if (read === 8) { z += b * mul; break; }
            z += (b & 0x7f) * mul;
            mul *= 128;
            read++;
          }
          v = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
        }
        if (v < 0) { index -= v; continue; }
        if (v > 0) { idx[n] = index; cnt[n] = v; n++; if (index > top) { top = index; } }
        index++;
      }
    }
    start[sizes.length] = n;
    return { idx: idx, cnt: cnt, start: start, top: top };
  }

  // Index arithmetic of a histogram of the series' layout (values below 2^53 are exact in doubles).
  function Layout(pair) { this.u = pair[0]; this.half = Math.pow(2, pair[1]); }
  Layout.prototype.bucket = function (i) { var b = Math.floor(i / this.half) - 1; return b < 0 ? 0 : b; };
  Layout.prototype.lowest = function (i) {
    var b = Math.floor(i / this.half) - 1, sub = (i % this.half) + this.half;
    if (b < 0) { sub -= this.half; b = 0; }
    return sub * Math.pow(2, b + this.u);
  };
  Layout.prototype.size = function (i) { return Math.pow(2, this.u + this.bucket(i)); };
  Layout.prototype.highest = function (i) { return this.lowest(i) + this.size(i) - 1; };
  Layout.prototype.median = function (i) { return this.lowest(i) + Math.floor(this.size(i) / 2); };

  var F64 = new Float64Array(1), U32 = new Uint32Array(F64.buffer), LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  // The next double below a positive x (Math.BitDecrement).
  function nextDown(x) {
    if (!(x > 0)) { return x === 0 ? -Number.MIN_VALUE : x; }
    F64[0] = x;
    var lo = LITTLE ? 0 : 1, hi = 1 - lo;
    if (U32[lo] === 0) { U32[lo] = 0xffffffff; U32[hi] -= 1; } else { U32[lo] -= 1; }
    return F64[0];
  }
  // The count the running sum must reach for a percentile, as HistogramBase.GetValueAtPercentile computes it.
  function countAtPercentile(p, total) {
    var rp = Math.min(Math.max(nextDown(p), 0), 100);
    return Math.max(Math.ceil(rp / 100 * total), 1);
  }

  // Counts added: {idx, cnt} sorted by index, with their layout.
  function Counts(layout, idx, cnt) {
    this.layout = layout; this.idx = idx; this.cnt = cnt;
    var total = 0;
    for (var i = 0; i < cnt.length; i++) { total += cnt[i]; }
    this.total = total;
  }
  // The position in idx where the running count reaches target; -1 when it never does.
  Counts.prototype.reach = function (target) {
    var sum = 0;
    for (var i = 0; i < this.cnt.length; i++) { sum += this.cnt[i]; if (sum >= target) { return i; } }
    return -1;
  };
  Counts.prototype.valueAt = function (p) {
    var at = this.reach(countAtPercentile(p, this.total));
    if (at < 0) { return 0; }
    return p === 0 ? this.layout.lowest(this.idx[at]) : this.layout.highest(this.idx[at]);
  };
  Counts.prototype.max = function () { return this.idx.length ? this.layout.highest(this.idx[this.idx.length - 1]) : 0; };
  Counts.prototype.min = function () { return !this.idx.length || this.idx[0] === 0 ? 0 : this.layout.lowest(this.idx[0]); };
  Counts.prototype.mean = function () {
    if (!this.total) { return 0; }
    var sum = 0;
    for (var i = 0; i < this.idx.length; i++) { sum += this.layout.median(this.idx[i]) * this.cnt[i]; }
    return sum * 1.0 / this.total;
  };
  // The percentile distribution as HistogramStatistics.Distribution draws it: 20 points per decade of 1/(1-p), up to
  // the percentile one value below the top, then the maximum at 100%. Points: [x, percentile, value, count at or below].
  Counts.prototype.distribution = function () {
    var points = [], lastDecade = Math.log10(Math.max(this.total, 1)), steps = Math.ceil(lastDecade * 20);
    // The targets grow with the percentile: one walk over the counts, carrying the running sum through idx[i].
    var n = this.cnt.length, i = 0, cum = n ? this.cnt[0] : 0;
    for (var s = 0; s <= steps; s++) {
      var decade = Math.min(lastDecade, s / 20), p = 100 * (1 - Math.pow(10, -decade)), target = countAtPercentile(p, this.total);
      while (i < n - 1 && cum < target) { i++; cum += this.cnt[i]; }
      var reached = n > 0 && cum >= target;
      var value = !reached ? 0 : p === 0 ? this.layout.lowest(this.idx[i]) : this.layout.highest(this.idx[i]);
      points.push([p >= 100 ? lastDecade : -Math.log10(1 - p / 100), p, value, reached ? cum : 0]);
    }
    points.push([Math.max(lastDecade, points.length ? points[points.length - 1][0] : 0), 100, this.max(), this.total]);
    return points;
  };

  // A timeline series' blocks (the finest time ranges the page answers exactly), their counts decoded on first use.
  function Blocks(series) {
    this.series = series;
    this.layout = new Layout(series.layout);
    this.list = series.blocks;
    this.all = null;
    this.stats = [];
  }
  Blocks.prototype.decoded = function () {
    if (!this.all) {
      this.all = decodeAll(base64Bytes(this.series.counts), this.list.map(function (b) { return b[5]; }));
      this.dense = new Float64Array(this.all.top + 1);
    }
    return this.all;
  };
  // Blocks [from, to) added together.
  Blocks.prototype.sum = function (from, to) {
    var all = this.decoded(), first = all.start[from], last = all.start[to], i;
    if (to - from === 1) { return new Counts(this.layout, all.idx.subarray(first, last), all.cnt.subarray(first, last)); }
    var dense = this.dense, lo = Infinity, hi = -1;
    for (i = first; i < last; i++) {
      var at = all.idx[i];
      dense[at] += all.cnt[i];
      if (at < lo) { lo = at; }
      if (at > hi) { hi = at; }
    }
    var n = 0;
    for (i = lo; i <= hi; i++) { if (dense[i] > 0) { n++; } }
    var idx = new Int32Array(n), cnt = new Float64Array(n);
    n = 0;
    for (i = lo; i <= hi; i++) { if (dense[i] > 0) { idx[n] = i; cnt[n] = dense[i]; n++; dense[i] = 0; } }
    return new Counts(this.layout, idx, cnt);
  };
  // The blocks whose middle lies in [t0, t1]: [from, to), empty when none does.
  Blocks.prototype.within = function (t0, t1) {
    var from = -1, to = -1;
    for (var k = 0; k < this.list.length; k++) {
      var mid = (this.list[k][0] + this.list[k][2]) / 2;
      if (mid >= t0 && mid <= t1) { if (from < 0) { from = k; } to = k + 1; }
    }
    return from < 0 ? [0, 0] : [from, to];
  };
  // A block as a timeline point (its numbers from its own counts), computed once.
  Blocks.prototype.point = function (k) {
    if (!this.stats[k]) {
      var b = this.list[k], c = this.sum(k, k + 1), ratio = this.series.ratio;
      var p = [b[2], c.total, b[3], b[4], b[0], b[1]];
      LINES.forEach(function (line) { p.push((line.percentile === null ? c.max() : c.valueAt(line.percentile)) / ratio); });
      for (var m = 0; m < MOVING.length; m++) { p.push(b[6 + m]); }
      this.stats[k] = p;
    }
    return this.stats[k];
  };

  // The shortest decimal text of a number in (low, high] (up: in [low, high)): what --start (--end) is given, so that
  // it keeps the first (last) interval of the range and none before (after) it.
  function between(low, high, up) {
    for (var d = 0; d <= 17; d++) {
      var scale = Math.pow(10, d), v = up ? Math.ceil(low * scale) / scale : Math.floor(high * scale) / scale;
      var text = v.toFixed(d), back = Number(text);
      if (up ? back >= low && back < high : back > low && back <= high) { return text; }
    }
    return String(up ? low : high);
  }

  // ---- The selected time range ----

  // The selected range [from, to] in seconds since the log's start (null: the whole log), and a time marked in it.
  var state = { range: null, mark: null };

  // A time axis label: seconds since the log's start, or the wall clock in the report's time zone (as the pictures).
  var WALL = data.timeAxis === 'wall' && data.timeline && data.timeline.series[0].logStartSec !== null
    ? new Intl.DateTimeFormat('en-GB', { timeZone: data.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    : null;
  function timeText(v, span) {
    if (!WALL) { return tickText(v); }
    var parts = {};
    WALL.formatToParts(new Date(Math.round((data.timeline.series[0].logStartSec + v) * 1000))).forEach(function (p) { parts[p.type] = p.value; });
    return span > 86400 ? parts.month + '-' + parts.day + ' ' + parts.hour + ':' + parts.minute : parts.hour + ':' + parts.minute + ':' + parts.second;
  }
  var timelineSeries = data.timeline ? data.timeline.series : [];
  var blocks = timelineSeries.map(function (s) { return s.blocks ? new Blocks(s) : null; });
  var charts = [];
  var listeners = [];
  var countsReady = false;

  // The selection: per timeline series, its blocks [from, to) and their counts added (null without counts).
  function selection() {
    if (!state.range) { return null; }
    return timelineSeries.map(function (s, i) {
      var b = blocks[i];
      if (!b) { return null; }
      var r = b.within(state.range[0], state.range[1]);
      if (r[1] <= r[0]) { return null; }
      if (!b.cache || b.cache.from !== r[0] || b.cache.to !== r[1]) { b.cache = { from: r[0], to: r[1], counts: b.sum(r[0], r[1]) }; }
      return b.cache;
    });
  }

  // Every block of series i added together, computed once.
  var whole = [];
  function wholeCounts(i) {
    if (!whole[i]) { whole[i] = blocks[i].sum(0, blocks[i].list.length); }
    return whole[i];
  }

  // Selects about twenty blocks around time t of timeline series i and marks t (a worst interval's start).
  function selectAround(i, t) {
    var b = blocks[i];
    if (!b) {
      var pts = timelineSeries[i].points, span = pts[pts.length - 1][0] - pts[0][4];
      select(t - span / 100, t + span / 100);
    } else {
      var k = 0;
      while (k < b.list.length - 1 && b.list[k + 1][0] <= t) { k++; }
      var from = Math.max(0, k - 10), to = Math.min(b.list.length, k + 11);
      select(b.list[from][0], b.list[to - 1][2]);
    }
    state.mark = t;
    changed();
  }

  // Selects the blocks whose middle lies in [t0, t1], snapped to the first series' block bounds.
  function select(t0, t1) {
    if (t1 < t0) { var t = t0; t0 = t1; t1 = t; }
    var snapped = null;
    for (var i = 0; i < blocks.length && !snapped; i++) {
      if (!blocks[i]) { continue; }
      var r = blocks[i].within(t0, t1);
      if (r[1] <= r[0]) {
        // Nothing's middle inside: the block nearest the range's middle.
        var mid = (t0 + t1) / 2, best = -1, bestD = Infinity;
        for (var k = 0; k < blocks[i].list.length; k++) {
          var m = (blocks[i].list[k][0] + blocks[i].list[k][2]) / 2, d = Math.abs(m - mid);
          if (d < bestD) { bestD = d; best = k; }
        }
        r = [best, best + 1];
      }
      snapped = [blocks[i].list[r[0]][0], blocks[i].list[r[1] - 1][2]];
    }
    state.range = snapped || [t0, t1];
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, '', '#range=' + String(state.range[0]) + ',' + String(state.range[1]));
    }
    changed();
  }
  function reset() {
    state.range = null;
    state.mark = null;
    if (window.history && window.history.replaceState) { window.history.replaceState(null, '', window.location.pathname + window.location.search); }
    changed();
  }
  function changed() {
    charts.forEach(function (c) { c.draw(); });
    listeners.forEach(function (f) { f(); });
  }

  // ---- Charts ----

  function Chart(figure, kind) {
    var self = this;
    this.kind = kind;
    this.figure = figure;
    this.log = data.yScale === 'log';
    this.hidden = {};
    this.series = kind === 'percentiles' ? data.percentiles.series : data.timeline.series;
    if (kind === 'counts') { this.log = true; }
    var box = html('div', 'chart', null);
    var controls = html('div', 'controls', box);
    var label = html('label', '', controls);
    this.toggle = html('input', 'y-log', label);
    this.toggle.type = 'checkbox';
    this.toggle.checked = this.log;
    label.appendChild(document.createTextNode(' Log y axis'));
    this.toggle.addEventListener('change', function () { self.log = self.toggle.checked; self.draw(); });
    var save = html('button', 'save-png', controls, 'Save PNG');
    save.type = 'button';
    save.addEventListener('click', function () { savePng(self.svg, kind + '.png'); });
    if (kind === 'timeline') {
      var marksLabel = html('label', '', controls);
      this.marks = html('input', 'pct-lines', marksLabel);
      this.marks.type = 'checkbox';
      this.marks.checked = true;
      marksLabel.appendChild(document.createTextNode(' Percentile lines (p99, p99.9, p99.99, max)'));
      this.marks.addEventListener('change', function () { self.draw(); });
    }
    var legend = html('ul', 'legend series-legend', box);
    this.series.forEach(function (s, i) {
      var item = html('li', '', legend);
      var l = html('label', '', item);
      var box2 = html('input', 'series-toggle', l);
      box2.type = 'checkbox';
      box2.checked = true;
      box2.setAttribute('data-series', String(i));
      box2.addEventListener('change', function () { self.hidden[i] = !box2.checked; self.draw(); });
      var swatch = html('span', 'swatch', l);
      swatch.style.background = s.color;
      l.appendChild(document.createTextNode(s.name));
    });
    if (kind === 'timeline') {
      var lines = html('ul', 'legend line-legend', box);
      LINES.forEach(function (line) {
        var item = html('li', '', lines);
        var svg = el('svg', { width: 36, height: 10, viewBox: '0 0 36 10' }, item);
        el('line', { x1: 0, y1: 5, x2: 36, y2: 5, stroke: 'currentColor', 'stroke-width': line.width, 'stroke-dasharray': line.dash }, svg);
        item.appendChild(document.createTextNode(' ' + line.name));
      });
      MOVING.forEach(function (m) {
        var item = html('li', '', lines);
        var svg = el('svg', { width: 36, height: 10, viewBox: '0 0 36 10' }, item);
        el('line', { x1: 0, y1: 5, x2: 36, y2: 5, stroke: 'currentColor', 'stroke-width': data.timeline.movingWidth, 'stroke-opacity': data.timeline.movingOpacity }, svg);
        item.appendChild(document.createTextNode(' ' + m.name));
      });
      var rangeBar = html('div', 'range-bar', box);
      this.rangeLabel = html('span', 'range-label', rangeBar, '');
      this.resetButton = html('button', 'range-reset', rangeBar, 'Reset to the whole log');
      this.resetButton.type = 'button';
      this.resetButton.addEventListener('click', reset);
      html('span', 'muted', rangeBar, ' Drag across the timeline to select a time range.');
    }
    this.svg = el('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'class': 'interactive', 'data-kind': kind }, box);
    this.tip = html('div', 'tip', box);
    this.tip.hidden = true;
    this.box = box;
    figure.appendChild(box);
    this.svg.addEventListener('mousemove', function (e) { if (!self.drag) { self.hover(e); } else { self.dragTo(e); } });
    this.svg.addEventListener('mouseleave', function () { self.tip.hidden = true; if (self.marker) { self.marker.setAttribute('visibility', 'hidden'); } });
    if (kind === 'timeline') {
      this.svg.addEventListener('mousedown', function (e) { self.dragStart(e); });
      window.addEventListener('mouseup', function (e) { self.dragEnd(e); });
    }
    this.draw();
    // Only a chart that drew replaces the picture: if anything above fails, the picture stays.
    var fallback = figure.querySelector('svg.static, .no-script');
    if (fallback) { fallback.style.display = 'none'; }
  }

  // What is drawn of series i: {points, ranged} (points as in the data: percentile points or timeline points; for
  // the counts chart, [value, count] of every bucket with a count).
  Chart.prototype.shown = function (i) {
    var s = this.series[i], sel = selection();
    if (this.kind === 'counts') {
      // Drawn once the counts are decoded (just after the first frame), not to delay it.
      if (!blocks[i] || !countsReady) { return { points: [], ranged: false }; }
      var counts = sel && sel[i] ? sel[i].counts : wholeCounts(i);
      if (!counts.valuePoints) {
        var pts = [];
        for (var n = 0; n < counts.idx.length; n++) { pts.push([counts.layout.highest(counts.idx[n]) / s.ratio, counts.cnt[n]]); }
        counts.valuePoints = pts;
      }
      return { points: counts.valuePoints, ranged: !!(sel && sel[i]) };
    }
    if (this.kind === 'percentiles') {
      var t = sel ? timelineIndexOf(s.name) : -1;
      if (t >= 0 && sel[t]) {
        var c = sel[t].counts;
        if (!c.points) {
          var ratio = timelineSeries[t].ratio;
          c.points = c.distribution().map(function (p) { return [p[0], p[1], p[2] / ratio, p[3]]; });
        }
        return { points: c.points, ranged: true };
      }
      return { points: s.points, ranged: false };
    }
    if (!state.range) { return { points: s.points, ranged: false }; }
    var b = blocks[i], r0 = state.range[0], r1 = state.range[1];
    if (b) {
      var r = b.within(r0, r1), finer = [];
      var drawn = s.points.filter(function (p) { var m = (p[4] + p[0]) / 2; return m >= r0 && m <= r1; });
      if (r[1] - r[0] > drawn.length && r[1] - r[0] <= 4096) {
        for (var k = r[0]; k < r[1]; k++) { finer.push(b.point(k)); }
        return { points: finer, ranged: true };
      }
      return { points: drawn, ranged: true };
    }
    return { points: s.points.filter(function (p) { var m = (p[4] + p[0]) / 2; return m >= r0 && m <= r1; }), ranged: true };
  };

  Chart.prototype.draw = function () {
    var self = this, svg = this.svg;
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    svg.setAttribute('data-scale', this.log ? 'log' : 'linear');
    this.drawn = [];
    var xMin = Infinity, xMax = -Infinity, yMax = -Infinity, yPos = Infinity;
    function seeY(y) { if (y > yMax) { yMax = y; } if (y > 0 && y < yPos) { yPos = y; } }
    var valueFrom = this.kind === 'timeline' ? VALUES : this.kind === 'counts' ? 1 : 2;
    var valueTo = this.kind === 'timeline' ? MOVING_AT + MOVING.length : valueFrom + 1;
    this.series.forEach(function (s, i) {
      if (self.hidden[i]) { self.drawn[i] = null; return; }
      var shown = self.shown(i);
      self.drawn[i] = shown;
      // Extremes by loops: spreading every point into Math.min/Math.max overflows the stack on long logs.
      for (var n = 0; n < shown.points.length; n++) {
        var p = shown.points[n];
        if (p[0] < xMin) { xMin = p[0]; }
        if (p[0] > xMax) { xMax = p[0]; }
        for (var v = valueFrom; v < valueTo; v++) { if (p[v] !== null) { seeY(p[v]); } }
      }
      if (self.kind === 'counts' && shown.points.length) { xMin = Math.min(xMin, shown.points[0][0]); }
    });
    if (xMin === Infinity) { xMin = 0; xMax = 1; yMax = 1; }
    if (this.kind === 'counts') {
      // Values on a log axis: from a little below the smallest to a little above the largest.
      xMin = Math.log10(Math.max(xMin, 1e-9) / 1.25);
      xMax = Math.log10(Math.max(xMax, 1e-9) * 1.25);
    } else if (this.kind === 'percentiles') {
      xMin = 0;
      this.ticks = percentileTicks(xMax);
      xMax = Math.max(xMax, this.ticks[this.ticks.length - 1][0]);
    } else if (state.range) {
      xMin = Math.min(xMin, state.range[0]);
      xMax = Math.max(xMax, state.range[1]);
    }
    if (xMax <= xMin) { xMax = xMin + 1; }
    var sla = this.kind === 'percentiles' && data.sla ? data.sla : null;
    if (sla) { sla.forEach(function (p) { seeY(p[1]); }); }
    if (yMax === -Infinity) { yMax = 1; }
    var yMin;
    if (this.log) {
      yMin = yPos < Infinity ? yPos / 1.25 : 0.001;
      yMax = Math.max(yMax, yMin * 10) * 1.25;
    } else {
      yMin = 0;
      yMax = yMax > 0 ? yMax * 1.05 : 1;
    }
    var X = function (x) { return L + (x - xMin) / (xMax - xMin) * (W - L - R); };
    var Y = this.log
      ? function (y) { return H - B - (Math.log10(Math.max(y, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin)) * (H - T - B); }
      : function (y) { return H - B - (y - yMin) / (yMax - yMin) * (H - T - B); };
    this.X = X; this.Y = Y; this.xMin = xMin; this.xMax = xMax;
    el('rect', { x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fff', stroke: '#888' }, svg);
    var yTicks = this.log ? logTicks(yMin, yMax) : linearTicks(yMin, yMax);
    var axis = el('g', { 'class': 'y-ticks', 'font-size': 12, fill: '#333' }, svg);
    yTicks.forEach(function (v) {
      var y = Y(v);
      el('line', { x1: L, x2: W - R, y1: y, y2: y, stroke: '#e3e3e3' }, axis);
      var t = el('text', { x: L - 6, y: y + 4, 'text-anchor': 'end' }, axis);
      t.textContent = tickText(v);
    });
    var xTicks = this.kind === 'percentiles' ? this.ticks
      : this.kind === 'counts' ? logTicks(Math.pow(10, xMin), Math.pow(10, xMax)).map(function (v) { return [Math.log10(v), tickText(v)]; })
      : linearTicks(xMin, xMax).map(function (v) { return [v, timeText(v, xMax - xMin)]; });
    var xAxis = el('g', { 'class': 'x-ticks', 'font-size': 12, fill: '#333' }, svg);
    xTicks.forEach(function (t) {
      if (t[0] < xMin - 1e-9 || t[0] > xMax + 1e-9) { return; }
      var x = X(t[0]);
      el('line', { x1: x, x2: x, y1: T, y2: H - B, stroke: '#e3e3e3' }, xAxis);
      var text = el('text', { x: x, y: H - B + 18, 'text-anchor': 'middle' }, xAxis);
      text.textContent = t[1];
    });
    var xl = el('text', { x: (L + W - R) / 2, y: H - 10, 'text-anchor': 'middle', 'font-size': 13 }, svg);
    xl.textContent = this.kind === 'percentiles' ? 'Percentile' : this.kind === 'counts' ? 'Latency (' + data.unit + ', log)' : data.timeLabel;
    var yl = el('text', { x: 16, y: (T + H - B) / 2, 'text-anchor': 'middle', 'font-size': 13, transform: 'rotate(-90 16 ' + ((T + H - B) / 2) + ')' }, svg);
    yl.textContent = this.kind === 'counts' ? 'Count (' + (this.log ? 'log' : 'linear') + ')' : 'Latency (' + data.unit + ', ' + (this.log ? 'log' : 'linear') + ')';
    var lines = el('g', { 'class': 'lines', fill: 'none' }, svg);
    this.series.forEach(function (s, i) {
      var shown = self.drawn[i];
      if (!shown || self.kind !== 'timeline') { return; }
      // Moving-window percentiles underneath, broken where a value is missing or the log has a gap.
      MOVING.forEach(function (m, k) {
        var d = [], open = false;
        shown.points.forEach(function (p) {
          var v = p[MOVING_AT + k];
          if (v === null || v === undefined) { open = false; return; }
          d.push((open && !p[3] ? 'L' : 'M') + X(p[0]).toFixed(2) + ' ' + Y(v).toFixed(2));
          open = true;
        });
        el('path', { d: d.join(' '), stroke: s.color, 'stroke-width': data.timeline.movingWidth, 'stroke-opacity': data.timeline.movingOpacity, 'data-series': String(i), 'data-moving': m.name, 'class': 'moving' }, lines);
      });
    });
    this.series.forEach(function (s, i) {
      var shown = self.drawn[i];
      if (!shown) { return; }
      var groups = self.kind === 'timeline'
        ? LINES.map(function (line) { return { dash: line.dash, width: line.width, value: line.index }; })
        : [{ dash: '', width: 2, value: self.kind === 'counts' ? 1 : 2 }];
      groups.forEach(function (g) {
        // A gap in the log (a timeline point's afterGap) starts a new line.
        var d = [];
        shown.points.forEach(function (p, j) {
          var x = self.kind === 'counts' ? X(Math.log10(p[0])) : X(p[0]);
          d.push((j && !(self.kind === 'timeline' && p[3]) ? 'L' : 'M') + x.toFixed(2) + ' ' + Y(p[g.value]).toFixed(2));
        });
        el('path', { d: d.join(' '), stroke: s.color, 'stroke-width': g.width, 'stroke-dasharray': g.dash, 'data-series': String(i), 'class': shown.ranged ? 'ranged' : 'whole' }, lines);
      });
    });
    if (sla) {
      var sd = sla.map(function (p, j) { return (j ? 'L' : 'M') + X(p[0]).toFixed(2) + ' ' + Y(p[1]).toFixed(2); }).join(' ');
      el('path', { d: sd, stroke: '#d00', 'stroke-width': 2, 'stroke-dasharray': '8 5', fill: 'none', 'class': 'sla' }, svg);
    }
    if (this.kind === 'timeline' && this.marks && this.marks.checked) { this.drawMarks(svg, X, Y); }
    if (this.kind === 'timeline' && state.mark !== null && state.range) {
      el('line', { 'class': 'mark', x1: X(state.mark), x2: X(state.mark), y1: T, y2: H - B, stroke: '#cf222e', 'stroke-width': 1.5 }, svg);
    }
    if (this.kind === 'timeline') {
      this.band = el('rect', { 'class': 'drag-band', x: 0, y: T, width: 0, height: H - T - B, fill: 'rgba(31,119,180,0.15)', stroke: '#1F77B4', visibility: 'hidden' }, svg);
      this.rangeLabel.textContent = state.range
        ? 'Selected: ' + num(state.range[0]) + ' s to ' + num(state.range[1]) + ' s'
        : 'The whole log';
      this.resetButton.disabled = !state.range;
    }
    this.marker = el('circle', { r: 5, fill: 'none', stroke: '#000', 'stroke-width': 2, visibility: 'hidden' }, svg);
  };

  // Horizontal lines at the p99, p99.9, p99.99 and max of each shown series: the selected range's, or the whole log's.
  Chart.prototype.drawMarks = function (svg, X, Y) {
    var self = this, sel = selection(), g = el('g', { 'class': 'pct-marks', 'font-size': 11 }, svg);
    this.series.forEach(function (s, i) {
      if (!self.drawn[i]) { return; }
      var c = sel && sel[i] ? sel[i].counts : null;
      MARKS.forEach(function (mark) {
        var v = c ? (mark[1] === null ? c.max() : c.valueAt(mark[1])) / s.ratio : s.whole[mark[0]];
        if (v === null || v === undefined) { return; }
        var y = Y(v);
        el('line', { 'class': 'pct-mark', x1: L, x2: W - R, y1: y, y2: y, stroke: s.color, 'stroke-width': 0.8, 'stroke-dasharray': '2 6', 'data-mark': mark[0], 'data-value': String(v) }, g);
        var text = el('text', { x: W - R - 4, y: y - 3, 'text-anchor': 'end', fill: s.color }, g);
        text.textContent = mark[0] + ' ' + num(v);
      });
    });
  };

  // The labelled percentile ticks up to one past maxX (PlotRenderer.PercentileTicks).
  function percentileTicks(maxX) {
    maxX = Math.max(1, maxX);
    var x = function (p) { return -Math.log10(1 - p / 100); };
    var ticks = TICK_PERCENTILES.filter(function (p) { return x(p) <= maxX + 1e-9; });
    if (ticks.length < TICK_PERCENTILES.length && x(ticks[ticks.length - 1]) < maxX - 1e-9) { ticks.push(TICK_PERCENTILES[ticks.length]); }
    return ticks.map(function (p) { return [x(p), pct(p)]; });
  }

  function timelineIndexOf(name) {
    for (var i = 0; i < timelineSeries.length; i++) { if (timelineSeries[i].name === name) { return i; } }
    return -1;
  }

  Chart.prototype.describe = function (i, p, k) {
    var s = this.series[i];
    if (this.kind === 'counts') {
      return [s.name + (this.drawn[i].ranged ? ' (selected range)' : ''), 'value ' + num(p[0]) + ' ' + data.unit, 'count ' + String(p[1])];
    }
    if (this.kind === 'percentiles') {
      return [s.name + (this.drawn[i].ranged ? ' (selected range)' : ''), 'percentile ' + pct(p[1]), 'value ' + num(p[2]) + ' ' + data.unit, 'count ' + (p[3] < 0 ? '?' : String(p[3])) + ' at or below'];
    }
    var lines = [s.name + ' ' + LINES[k].name, 'time ' + num(p[0]) + ' s', 'value ' + num(p[LINES[k].index]) + ' ' + data.unit];
    lines.push(p[2] === 1 ? 'count ' + String(p[1]) + ' in interval' : 'count ' + String(p[1]) + ' in ' + String(p[2]) + ' intervals');
    return lines;
  };

  // The drawn point nearest the pointer. Timeline points are in time order: a binary search finds the nearest
  // times, then the nearest line; no list of every point is built.
  Chart.prototype.nearest = function (at) {
    var best = null, bestD = Infinity, self = this;
    this.series.forEach(function (s, i) {
      var shown = self.drawn[i];
      if (!shown || !shown.points.length) { return; }
      var pts = shown.points, j, k, dx, dy, d;
      if (self.kind !== 'timeline') {
        for (j = 0; j < pts.length; j++) {
          dx = self.px(pts[j]) - at.x; dy = self.py(pts[j]) - at.y; d = dx * dx + dy * dy;
          if (d < bestD) { bestD = d; best = { s: i, p: pts[j], j: j, k: 0 }; }
        }
        return;
      }
      var lo = 0, hi = pts.length - 1;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (self.X(pts[mid][0]) < at.x) { lo = mid + 1; } else { hi = mid; } }
      for (j = Math.max(0, lo - 2); j <= Math.min(pts.length - 1, lo + 2); j++) {
        for (k = 0; k < LINES.length; k++) {
          dx = self.X(pts[j][0]) - at.x; dy = self.Y(pts[j][LINES[k].index]) - at.y; d = dx * dx + dy * dy;
          if (d < bestD) { bestD = d; best = { s: i, p: pts[j], j: j, k: k }; }
        }
      }
    });
    return best;
  };

  // Where a percentile or counts point is drawn.
  Chart.prototype.px = function (p) { return this.kind === 'counts' ? this.X(Math.log10(p[0])) : this.X(p[0]); };
  Chart.prototype.py = function (p) { return this.kind === 'counts' ? this.Y(p[1]) : this.Y(p[2]); };

  Chart.prototype.toSvg = function (e) {
    var m = this.svg.getScreenCTM();
    return m ? new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse()) : null;
  };

  Chart.prototype.hover = function (e) {
    var at = this.toSvg(e);
    if (!at) { return; }
    var best = this.nearest(at);
    if (!best) { return; }
    this.marker.setAttribute('cx', this.kind === 'timeline' ? this.X(best.p[0]) : this.px(best.p));
    this.marker.setAttribute('cy', this.kind === 'timeline' ? this.Y(best.p[LINES[best.k].index]) : this.py(best.p));
    this.marker.setAttribute('visibility', 'visible');
    var tip = this.tip;
    while (tip.firstChild) { tip.removeChild(tip.firstChild); }
    this.describe(best.s, best.p, best.k).forEach(function (line, i) { html('div', i ? '' : 'tip-title', tip, line); });
    tip.hidden = false;
    var rect = this.svg.getBoundingClientRect();
    tip.style.left = Math.min(e.clientX - rect.left + 14, rect.width - 220) + 'px';
    tip.style.top = (e.clientY - rect.top + 14) + 'px';
  };

  Chart.prototype.dragStart = function (e) {
    var at = this.toSvg(e);
    if (!at || e.button !== 0 || at.x < L || at.x > W - R) { return; }
    e.preventDefault();
    this.drag = { x0: at.x, x1: at.x };
    this.tip.hidden = true;
    this.band.setAttribute('visibility', 'visible');
    this.dragTo(e);
  };
  Chart.prototype.dragTo = function (e) {
    var at = this.toSvg(e);
    if (!at || !this.drag) { return; }
    this.drag.x1 = Math.min(Math.max(at.x, L), W - R);
    this.band.setAttribute('x', Math.min(this.drag.x0, this.drag.x1));
    this.band.setAttribute('width', Math.abs(this.drag.x1 - this.drag.x0));
  };
  Chart.prototype.dragEnd = function () {
    var drag = this.drag;
    if (!drag) { return; }
    this.drag = null;
    this.band.setAttribute('visibility', 'hidden');
    if (Math.abs(drag.x1 - drag.x0) < 4) { return; }
    var self = this, t = function (x) { return self.xMin + (x - L) / (W - L - R) * (self.xMax - self.xMin); };
    select(t(drag.x0), t(drag.x1));
  };

  // Where a point is on the screen (for tests and automation): series i, point j, timeline line k.
  Chart.prototype.screenOf = function (i, j, k) {
    var p = this.drawn[i].points[j];
    var x = this.kind === 'timeline' ? this.X(p[0]) : this.px(p), y = this.kind === 'timeline' ? this.Y(p[LINES[k || 0].index]) : this.py(p);
    var at = new DOMPoint(x, y).matrixTransform(this.svg.getScreenCTM());
    return [at.x, at.y];
  };
  // Where time t is on the screen, at the middle of the plot's height.
  Chart.prototype.screenOfTime = function (t) {
    var at = new DOMPoint(this.X(t), (T + H - B) / 2).matrixTransform(this.svg.getScreenCTM());
    return [at.x, at.y];
  };

  // ---- The range table: the selected range's numbers, as `hdr summary --start S --end E` prints them ----

  function rangeTable(figure) {
    var box = html('div', 'range-summary', figure);
    box.id = 'range-summary';
    function render() {
      while (box.firstChild) { box.removeChild(box.firstChild); }
      var sel = selection();
      if (!sel) { box.hidden = true; return; }
      box.hidden = false;
      html('h3', '', box, 'Selected range (' + data.unit + ')');
      var wrap = html('div', 'table', box), table = html('table', '', wrap), head = html('tr', '', html('thead', '', table));
      ['Series', 'Intervals', 'Count', 'Min', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'Max', 'Mean'].forEach(function (h) { html('th', '', head, h); });
      var body = html('tbody', '', table), commands = [];
      timelineSeries.forEach(function (s, i) {
        var row = html('tr', '', body);
        row.setAttribute('data-series', String(i));
        var name = html('td', '', row, s.name);
        name.title = s.file + (s.tag ? ' [' + s.tag + ']' : '');
        if (!sel[i]) {
          var none = html('td', 'muted', row, blocks[i] ? 'no interval in the range' : 'DoubleHistogram series: no range numbers');
          none.colSpan = 10;
          return;
        }
        var c = sel[i].counts, list = blocks[i].list, intervals = 0;
        for (var k = sel[i].from; k < sel[i].to; k++) { intervals += list[k][3]; }
        var value = function (v) { return s.ratio === 1 ? String(v) : (v / s.ratio).toFixed(3); };
        var cells = [String(intervals), String(c.total), value(c.min()), value(c.valueAt(50)), value(c.valueAt(90)), value(c.valueAt(99)),
          value(c.valueAt(99.9)), value(c.valueAt(99.99)), value(c.max()), (c.mean() / s.ratio).toFixed(3)];
        var names = ['intervals', 'count', 'min', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'max', 'mean'];
        cells.forEach(function (text, n) { html('td', '', row, text).setAttribute('data-col', names[n]); });
        var start = between(sel[i].from > 0 ? list[sel[i].from - 1][1] : -Infinity, list[sel[i].from][0], false);
        var end = between(list[sel[i].to - 1][1], sel[i].to < list.length ? list[sel[i].to][0] : Infinity, true);
        var command = 'hdr summary ' + s.file + ' --start ' + start + ' --end ' + end + ' ' + s.summaryUnit;
        if (commands.indexOf(command) < 0) { commands.push(command); }
      });
      html('p', 'muted', box, 'The same intervals, from the command line:');
      commands.forEach(function (c) { html('pre', 'range-command', box, c); });
    }
    listeners.push(render);
    render();
  }

  // Saves a chart as a PNG, drawn at twice its size from its SVG (white background, the page's font).
  function savePng(svg, name) {
    var copy = svg.cloneNode(true);
    copy.setAttribute('xmlns', NS);
    copy.setAttribute('width', W * 2);
    copy.setAttribute('height', H * 2);
    copy.setAttribute('style', 'font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; background: #fff');
    var image = new Image();
    image.onload = function () {
      var canvas = document.createElement('canvas');
      canvas.width = W * 2;
      canvas.height = H * 2;
      var context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0);
      canvas.toBlob(function (blob) {
        var a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = name;
        document.body.appendChild(a);
        a.click();
        window.setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
      }, 'image/png');
    };
    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(copy));
  }

  // The SLA table's selected-range columns: each target judged on the range's value at its percentile.
  function slaTable() {
    var table = document.getElementById('sla');
    if (!table) { return; }
    listeners.push(function () {
      var sel = selection(), cells = table.querySelectorAll('.range');
      for (var n = 0; n < cells.length; n++) { cells[n].hidden = !sel; }
      if (!sel) { return; }
      var rows = table.querySelectorAll('tbody tr');
      for (var r = 0; r < rows.length; r++) {
        var i = Number(rows[r].getAttribute('data-series')), tds = rows[r].querySelectorAll('td.range');
        if (i < 0 || !sel[i]) { tds[0].textContent = '-'; tds[1].textContent = ''; tds[1].className = 'range'; continue; }
        var v = sel[i].counts.valueAt(Number(rows[r].getAttribute('data-percentile'))) / timelineSeries[i].ratio;
        var pass = v <= Number(rows[r].getAttribute('data-target'));
        tds[0].textContent = v.toFixed(3);
        tds[1].textContent = pass ? 'pass' : 'fail';
        tds[1].className = 'range ' + (pass ? 'pass' : 'fail');
      }
    });
  }

  // A worst interval's row selects the time around it and marks it.
  function worstTable() {
    var table = document.getElementById('worst');
    if (!table) { return; }
    var rows = table.querySelectorAll('tbody tr');
    for (var r = 0; r < rows.length; r++) {
      (function (row) {
        row.title = 'Show this interval on the timeline';
        row.addEventListener('click', function () {
          selectAround(Number(row.getAttribute('data-series')), Number(row.getAttribute('data-start')));
          var figure = document.getElementById('timeline-figure');
          if (figure && figure.scrollIntoView) { figure.scrollIntoView(); }
        });
      }(rows[r]));
    }
  }

  function build(figure, kind) {
    if (!figure) { return null; }
    var before = figure.childNodes.length;
    try {
      var chart = new Chart(figure, kind);
      charts.push(chart);
      return chart;
    } catch (e) {
      // A chart that fails leaves its figure as it was (the picture) and the others still work.
      while (figure.childNodes.length > before) { figure.removeChild(figure.lastChild); }
      if (window.console) { window.console.error(e); }
      return null;
    }
  }

  function fromFragment() {
    var m = /^#range=([-0-9.eE+]+),([-0-9.eE+]+)$/.exec(window.location.hash);
    if (m && blocks.some(function (b) { return b; })) { state.range = [Number(m[1]), Number(m[2])]; select(state.range[0], state.range[1]); }
  }

  build(document.getElementById('percentiles-figure'), 'percentiles');
  var timeline = data.timeline ? build(document.getElementById('timeline-figure'), 'timeline') : null;
  if (timeline) { rangeTable(timeline.box); }
  if (data.timeline) { build(document.getElementById('counts-figure'), 'counts'); }
  slaTable();
  worstTable();
  fromFragment();
  window.addEventListener('hashchange', function () { if (/^#range=/.test(window.location.hash)) { fromFragment(); } });
  // The page's own clock (ms since navigation started): charts drawn, and the first frame after (eng/report-scale.sh).
  var timings = { ready: performance.now(), firstFrame: 0, prepared: 0 };
  window.requestAnimationFrame(function () {
    timings.firstFrame = performance.now();
    // Once the page is drawn, the counts are decoded, ready for the first range.
    window.setTimeout(function () { prepare(); timings.prepared = performance.now(); }, 0);
  });
  // Decodes every series' counts, so that the first range answers as fast as the next.
  function prepare() {
    blocks.forEach(function (b) { if (b) { b.decoded(); } });
    if (!countsReady) {
      countsReady = true;
      charts.forEach(function (c) { if (c.kind === 'counts') { c.draw(); } });
    }
  }
  window.hdrReport = { charts: charts, chart: function (kind) { return charts.filter(function (c) { return c.kind === kind; })[0]; }, select: select, reset: reset, range: function () { return state.range; }, prepare: prepare, timings: timings };
}());
