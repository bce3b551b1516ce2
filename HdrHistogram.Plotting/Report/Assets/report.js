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
  var LINES = data.lines.map(function (line, k) {
    return { name: line.name, percentile: line.percentile, index: VALUES + k, dash: line.dash.join(' '), width: line.width };
  });
  // The moving-window percentiles: after the lines' values in each timeline point, drawn wide and translucent.
  var MOVING = data.timeline && data.timeline.moving ? data.timeline.moving : [];
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

  // The library's arithmetic over counts (Assets/histogram.js, the page's first script).
  var Layout = HdrMath.Layout, Counts = HdrMath.Counts, decodeAll = HdrMath.decodeAll, base64Bytes = HdrMath.base64Bytes;

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
      // A dropped log's counts come decoded from the worker.
      this.all = this.series.decoded || decodeAll(base64Bytes(this.series.counts), this.list.map(function (b) { return b[5]; }));
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
  var timelineSeries = [], blocks = [];
  var charts = [];
  var listeners = [];
  var countsReady = false;
  var whole = [];

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
        if (self.kind === 'counts') {
          // One dot per bucket (a zero-length round-capped stroke): buckets are not a line.
          shown.points.forEach(function (p) { d.push('M' + X(Math.log10(p[0])).toFixed(2) + ' ' + Y(p[1]).toFixed(2) + 'h0'); });
          el('path', { d: d.join(''), stroke: s.color, 'stroke-width': 4, 'stroke-linecap': 'round', 'data-series': String(i), 'class': shown.ranged ? 'ranged' : 'whole' }, lines);
          return;
        }
        shown.points.forEach(function (p, j) {
          d.push((j && !(self.kind === 'timeline' && p[3]) ? 'L' : 'M') + X(p[0]).toFixed(2) + ' ' + Y(p[g.value]).toFixed(2));
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
      var c = sel && sel[i] ? sel[i].counts : null, labelled = [];
      MARKS.forEach(function (mark) {
        var v = c ? (mark[1] === null ? c.max() : c.valueAt(mark[1])) / s.ratio : s.whole[mark[0]];
        if (v === null || v === undefined) { return; }
        var y = Y(v);
        el('line', { 'class': 'pct-mark', x1: L, x2: W - R, y1: y, y2: y, stroke: s.color, 'stroke-width': 0.8, 'stroke-dasharray': '2 6', 'data-mark': mark[0], 'data-value': String(v) }, g);
        // A label too close to one already written would overlap it: the line stays, unlabelled (its value on the next).
        if (labelled.some(function (other) { return Math.abs(other - y) < 12; })) { return; }
        labelled.push(y);
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

  // With --baseline: the runs compared with their baselines in the selected range too (ratio = run / baseline).
  function comparisonTable() {
    var table = document.getElementById('comparison');
    if (!table || !data.comparison) { return; }
    var box = html('div', 'range-comparison', null);
    box.id = 'range-comparison';
    box.hidden = true;
    table.parentNode.parentNode.insertBefore(box, table.parentNode.nextSibling);
    var columns = [['p50', 50], ['p90', 90], ['p99', 99], ['p99.9', 99.9], ['p99.99', 99.99], ['max', null]];
    listeners.push(function () {
      while (box.firstChild) { box.removeChild(box.firstChild); }
      var sel = selection();
      box.hidden = !sel;
      if (!sel) { return; }
      html('h3', '', box, 'In the selected range (' + data.unit + '; ratio = run / baseline)');
      var t = html('table', '', html('div', 'table', box)), head = html('tr', '', html('thead', '', t)), body = html('tbody', '', t);
      ['Series', ''].concat(columns.map(function (c) { return c[0]; })).forEach(function (h) { html('th', '', head, h); });
      var values = function (i) {
        if (!sel[i]) { return null; }
        var c = sel[i].counts, ratio = timelineSeries[i].ratio;
        return columns.map(function (col) { return (col[1] === null ? c.max() : c.valueAt(col[1])) / ratio; });
      };
      var row = function (name, what, cells, cls) {
        var tr = html('tr', '', body);
        tr.setAttribute('data-row', what);
        html('td', '', tr, name);
        html('td', '', tr, what);
        cells.forEach(function (c) { html('td', cls, tr, c); });
      };
      data.comparison.forEach(function (pair) {
        var b = values(pair[0]), r = values(pair[1]);
        if (!b || !r) { return; }
        row(timelineSeries[pair[0]].name, 'baseline', b.map(function (v) { return v.toFixed(3); }), '');
        row(timelineSeries[pair[1]].name, 'run', r.map(function (v) { return v.toFixed(3); }), '');
        row(timelineSeries[pair[1]].name, 'ratio', r.map(function (v, k) { return b[k] > 0 ? (v / b[k]).toFixed(3) : '-'; }), 'ratio');
      });
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

  // Builds the charts and their tables from the data (again after logs are dropped).
  function start() {
    timelineSeries = data.timeline ? data.timeline.series : [];
    blocks = timelineSeries.map(function (s) { return s.blocks ? new Blocks(s) : null; });
    whole = [];
    build(document.getElementById('percentiles-figure'), 'percentiles');
    var timeline = data.timeline ? build(document.getElementById('timeline-figure'), 'timeline') : null;
    if (timeline) { rangeTable(timeline.box); }
    if (data.timeline) { build(document.getElementById('counts-figure'), 'counts'); }
    slaTable();
    var stale = document.getElementById('range-comparison');
    if (stale) { stale.remove(); }
    comparisonTable();
  }
  start();
  worstTable();
  fromFragment();
  window.addEventListener('hashchange', function () { if (/^#range=/.test(window.location.hash)) { fromFragment(); } });

  // ---- Logs dropped onto the page: read off the main thread, as the tool reads them ----

  var worker = null, pending = {}, nextId = 0, dropped = [];
  function readFiles(files, status) {
    if (!files || !files.length) { return; }
    if (!worker) {
      var source = document.getElementById('hdr-math').textContent + '\n' + 'self.onmessage = function (e) {\n'
        + '  var fail = function (err) { self.postMessage({ id: e.data.id, error: String(err && err.message || err) }); };\n'
        + '  try { HdrMath.readLog(e.data.text, e.data.percentiles, e.data.ratio).then(function (r) { self.postMessage({ id: e.data.id, result: r }); }, fail); } catch (err) { fail(err); }\n};\n';
      worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      worker.onmessage = function (e) { var done = pending[e.data.id]; delete pending[e.data.id]; done(e.data); };
      worker.onerror = function (e) {
        Object.keys(pending).forEach(function (id) { var done = pending[id]; delete pending[id]; done({ error: e.message }); });
      };
    }
    var names = [], left = files.length, errors = [];
    status.textContent = 'Reading ' + files.length + (files.length === 1 ? ' file…' : ' files…');
    Array.prototype.forEach.call(files, function (file) {
      names.push(file.name);
      file.text().then(function (text) {
        var id = nextId++;
        pending[id] = function (answer) {
          if (answer.error) { errors.push(file.name + ': ' + answer.error); } else { addLog(file.name, answer.result); }
          if (--left === 0) {
            status.textContent = errors.length ? errors.join('; ') : 'Read ' + names.join(', ') + '.';
            rebuild();
          }
        };
        worker.postMessage({ id: id, text: text, percentiles: LINES.map(function (l) { return l.percentile; }), ratio: data.dropRatio });
      });
    });
  }

  // A dropped log's series, added to the page's data as the tool would have written them.
  function addLog(name, log) {
    if (!data.timeline) {
      data.timeline = { lines: data.lines, moving: [], movingWidth: data.movingWidth, movingOpacity: data.movingOpacity, series: [] };
    }
    log.series.forEach(function (r) {
      var label = name + (r.tag === null ? '' : ' [' + r.tag + ']'), color = data.palette[data.percentiles.series.length % data.palette.length];
      var ratio = data.dropRatio, m = r.summary;
      data.percentiles.series.push({ name: label, color: color, points: r.distribution });
      data.timeline.series.push({
        name: label, color: color, file: name, tag: r.tag, ratio: ratio, summaryUnit: data.dropSummaryUnit, logStartSec: log.startTimeSec,
        whole: { count: m.count, p99: m.p99 / ratio, 'p99.9': m.p999 / ratio, 'p99.99': m.p9999 / ratio, max: m.max / ratio },
        layout: r.pair, blocks: r.blocks, counts: null, decoded: r.decoded, points: r.points
      });
      dropped.push({ name: label, title: name, ratio: ratio, summary: m });
    });
  }

  function rebuild() {
    charts.forEach(function (c) { c.box.remove(); });
    charts = [];
    listeners = [];
    state.range = null;
    state.mark = null;
    countsReady = false;
    ['percentiles-figure', 'counts-figure', 'timeline-figure'].forEach(function (id) {
      var figure = document.getElementById(id);
      var stale = figure ? figure.querySelector('.range-summary') : null;
      if (stale) { stale.remove(); }
      if (!figure) {
        // A report without a timeline (or counts) gets the figure for the dropped logs.
        var heading = html('h2', '', null, id === 'timeline-figure' ? 'Timeline' : 'Counts per value');
        figure = html('figure', '', null);
        figure.id = id;
        var before = document.getElementById('summary-heading');
        before.parentNode.insertBefore(heading, before);
        before.parentNode.insertBefore(figure, before);
      }
    });
    start();
    droppedTable();
    prepare();
  }

  // The dropped logs' numbers, as `hdr summary FILE` prints them.
  function droppedTable() {
    var old = document.getElementById('dropped-summary');
    if (old) { old.remove(); }
    if (!dropped.length) { return; }
    var box = html('div', 'dropped', null), before = document.getElementById('summary-heading');
    box.id = 'dropped-summary';
    before.parentNode.insertBefore(box, before);
    html('h2', '', box, 'Dropped logs (' + data.unit + ')');
    var table = html('table', '', html('div', 'table', box)), head = html('tr', '', html('thead', '', table)), body = html('tbody', '', table);
    ['Series', 'Intervals', 'Count', 'Min', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'Max', 'Mean'].forEach(function (h) { html('th', '', head, h); });
    dropped.forEach(function (d, n) {
      var row = html('tr', '', body), m = d.summary, value = function (v) { return d.ratio === 1 ? String(v) : (v / d.ratio).toFixed(3); };
      row.setAttribute('data-series', String(n));
      var first = html('td', '', row, d.name);
      first.title = d.title;
      [['intervals', String(m.intervals)], ['count', String(m.count)], ['min', value(m.min)], ['p50', value(m.p50)], ['p90', value(m.p90)], ['p99', value(m.p99)],
        ['p99.9', value(m.p999)], ['p99.99', value(m.p9999)], ['max', value(m.max)], ['mean', (m.mean / d.ratio).toFixed(3)]].forEach(function (c) {
        html('td', '', row, c[1]).setAttribute('data-col', c[0]);
      });
    });
    html('p', 'muted', box, 'Read in this page, as hdr summary FILE ' + data.dropSummaryUnit + ' reads them.');
  }

  // The drop target: the whole page, and a file chooser.
  (function dropZone() {
    var zone = html('div', 'drop-zone', null), heading = document.querySelector('h1');
    zone.id = 'drop-zone';
    html('span', '', zone, 'Drop histogram logs (.hlog) anywhere on this page, or ');
    var input = html('input', 'drop-input', zone);
    input.type = 'file';
    input.multiple = true;
    input.accept = '.hlog,.log,text/plain';
    var status = html('span', 'drop-status muted', zone, '');
    heading.parentNode.insertBefore(zone, heading.nextSibling);
    input.addEventListener('change', function () { readFiles(input.files, status); });
    document.addEventListener('dragover', function (e) { e.preventDefault(); zone.classList.add('over'); });
    document.addEventListener('dragleave', function () { zone.classList.remove('over'); });
    document.addEventListener('drop', function (e) { e.preventDefault(); zone.classList.remove('over'); readFiles(e.dataTransfer.files, status); });
  }());

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
  window.hdrReport = {
    get charts() { return charts; },
    chart: function (kind) { return charts.filter(function (c) { return c.kind === kind; })[0]; },
    data: function () { return data; },
    select: select, reset: reset, range: function () { return state.range; }, prepare: prepare, timings: timings
  };
}());
