// The report's interactive charts: built from the JSON data in the page (#hdr-data), they replace the static SVG
// pictures (which stay for readers without JavaScript). Values on hover, a log/linear y axis, series on and off.
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
    return { name: line.name, index: VALUES + k, dash: line.dash.join(' '), width: line.width };
  }) : [];

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

  function Chart(figure, kind) {
    var self = this;
    this.kind = kind;
    this.figure = figure;
    this.log = data.yScale === 'log';
    this.hidden = {};
    this.series = kind === 'percentiles' ? data.percentiles.series : data.timeline.series;
    var box = html('div', 'chart', null);
    var controls = html('div', 'controls', box);
    var label = html('label', '', controls);
    this.toggle = html('input', 'y-log', label);
    this.toggle.type = 'checkbox';
    this.toggle.checked = this.log;
    label.appendChild(document.createTextNode(' Log y axis'));
    this.toggle.addEventListener('change', function () { self.log = self.toggle.checked; self.draw(); });
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
      LINES.slice(1).concat([LINES[0]]).forEach(function (line) {
        var item = html('li', '', lines);
        var svg = el('svg', { width: 36, height: 10, viewBox: '0 0 36 10' }, item);
        el('line', { x1: 0, y1: 5, x2: 36, y2: 5, stroke: 'currentColor', 'stroke-width': line.width, 'stroke-dasharray': line.dash }, svg);
        item.appendChild(document.createTextNode(' ' + line.name));
      });
    }
    this.svg = el('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'class': 'interactive', 'data-kind': kind }, box);
    this.tip = html('div', 'tip', box);
    this.tip.hidden = true;
    this.box = box;
    figure.appendChild(box);
    this.svg.addEventListener('mousemove', function (e) { self.hover(e); });
    this.svg.addEventListener('mouseleave', function () { self.tip.hidden = true; if (self.marker) { self.marker.setAttribute('visibility', 'hidden'); } });
    this.draw();
    // Only a chart that drew replaces the picture: if anything above fails, the picture stays.
    var fallback = figure.querySelector('svg.static');
    if (fallback) { fallback.style.display = 'none'; }
  }

  // Every drawn point: [x, y, series index, line index, info].
  Chart.prototype.points = function () {
    var out = [], self = this;
    this.series.forEach(function (s, i) {
      if (self.hidden[i]) { return; }
      if (self.kind === 'percentiles') {
        s.points.forEach(function (p, j) { out.push({ x: p[0], y: p[2], s: i, line: 0, j: j, p: p }); });
      } else {
        LINES.forEach(function (line, k) {
          s.points.forEach(function (iv, j) { out.push({ x: iv[0], y: iv[line.index], s: i, line: k, j: j, p: iv }); });
        });
      }
    });
    return out;
  };

  Chart.prototype.draw = function () {
    var self = this, svg = this.svg, pts = this.points();
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    svg.setAttribute('data-scale', this.log ? 'log' : 'linear');
    // Extremes by loops: spreading every point into Math.min/Math.max overflows the stack on long logs.
    var xMin = Infinity, xMax = -Infinity, yMax = -Infinity, yPos = Infinity;
    function seeY(y) { if (y > yMax) { yMax = y; } if (y > 0 && y < yPos) { yPos = y; } }
    for (var n = 0; n < pts.length; n++) {
      if (pts[n].x < xMin) { xMin = pts[n].x; }
      if (pts[n].x > xMax) { xMax = pts[n].x; }
      seeY(pts[n].y);
    }
    if (!pts.length) { xMin = 0; xMax = 1; yMax = 1; }
    if (this.kind === 'percentiles') { xMin = 0; xMax = Math.max(xMax, data.percentiles.ticks.length ? data.percentiles.ticks[data.percentiles.ticks.length - 1][0] : 1); }
    if (xMax <= xMin) { xMax = xMin + 1; }
    var sla = this.kind === 'percentiles' && data.sla ? data.sla : null;
    if (sla) { sla.forEach(function (p) { seeY(p[1]); }); }
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
    this.X = X; this.Y = Y;
    el('rect', { x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fff', stroke: '#888' }, svg);
    var yTicks = this.log ? logTicks(yMin, yMax) : linearTicks(yMin, yMax);
    var axis = el('g', { 'class': 'y-ticks', 'font-size': 12, fill: '#333' }, svg);
    yTicks.forEach(function (v) {
      var y = Y(v);
      el('line', { x1: L, x2: W - R, y1: y, y2: y, stroke: '#e3e3e3' }, axis);
      var t = el('text', { x: L - 6, y: y + 4, 'text-anchor': 'end' }, axis);
      t.textContent = tickText(v);
    });
    var xTicks = this.kind === 'percentiles' ? data.percentiles.ticks : linearTicks(xMin, xMax).map(function (v) { return [v, tickText(v)]; });
    var xAxis = el('g', { 'class': 'x-ticks', 'font-size': 12, fill: '#333' }, svg);
    xTicks.forEach(function (t) {
      if (t[0] < xMin || t[0] > xMax + 1e-9) { return; }
      var x = X(t[0]);
      el('line', { x1: x, x2: x, y1: T, y2: H - B, stroke: '#e3e3e3' }, xAxis);
      var text = el('text', { x: x, y: H - B + 18, 'text-anchor': 'middle' }, xAxis);
      text.textContent = t[1];
    });
    var xl = el('text', { x: (L + W - R) / 2, y: H - 10, 'text-anchor': 'middle', 'font-size': 13 }, svg);
    xl.textContent = this.kind === 'percentiles' ? 'Percentile' : 'Time since log start (s)';
    var yl = el('text', { x: 16, y: (T + H - B) / 2, 'text-anchor': 'middle', 'font-size': 13, transform: 'rotate(-90 16 ' + ((T + H - B) / 2) + ')' }, svg);
    yl.textContent = 'Latency (' + data.unit + ', ' + (this.log ? 'log' : 'linear') + ')';
    var lines = el('g', { 'class': 'lines', fill: 'none' }, svg);
    this.series.forEach(function (s, i) {
      if (self.hidden[i]) { return; }
      var groups = self.kind === 'percentiles'
        ? [{ dash: '', width: 2, pts: s.points.map(function (p) { return [p[0], p[2]]; }) }]
        : LINES.map(function (line) { return { dash: line.dash, width: line.width, pts: s.points.map(function (iv) { return [iv[0], iv[line.index], iv[3]]; }) }; });
      groups.forEach(function (g) {
        // A gap in the log (p[2] set) starts a new line.
        var d = g.pts.map(function (p, j) { return (j && !p[2] ? 'L' : 'M') + X(p[0]).toFixed(2) + ' ' + Y(p[1]).toFixed(2); }).join(' ');
        el('path', { d: d, stroke: s.color, 'stroke-width': g.width, 'stroke-dasharray': g.dash, 'data-series': String(i) }, lines);
      });
    });
    if (sla) {
      var sd = sla.map(function (p, j) { return (j ? 'L' : 'M') + X(p[0]).toFixed(2) + ' ' + Y(p[1]).toFixed(2); }).join(' ');
      el('path', { d: sd, stroke: '#d00', 'stroke-width': 2, 'stroke-dasharray': '8 5', fill: 'none', 'class': 'sla' }, svg);
    }
    this.marker = el('circle', { r: 5, fill: 'none', stroke: '#000', 'stroke-width': 2, visibility: 'hidden' }, svg);
  };

  Chart.prototype.describe = function (p) {
    var s = this.series[p.s];
    if (this.kind === 'percentiles') {
      return [s.name, 'percentile ' + pct(p.p[1]), 'value ' + num(p.p[2]) + ' ' + data.unit, 'count ' + (p.p[3] < 0 ? '?' : String(p.p[3])) + ' at or below'];
    }
    var lines = [s.name + ' ' + LINES[p.line].name, 'time ' + num(p.p[0]) + ' s', 'value ' + num(p.y) + ' ' + data.unit];
    lines.push(p.p[2] === 1 ? 'count ' + String(p.p[1]) + ' in interval' : 'count ' + String(p.p[1]) + ' in ' + String(p.p[2]) + ' intervals');
    return lines;
  };

  Chart.prototype.hover = function (e) {
    var m = this.svg.getScreenCTM();
    if (!m) { return; }
    var at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    var best = null, bestD = Infinity, self = this;
    this.points().forEach(function (p) {
      var dx = self.X(p.x) - at.x, dy = self.Y(p.y) - at.y, d = dx * dx + dy * dy;
      if (d < bestD) { bestD = d; best = p; }
    });
    if (!best) { return; }
    this.marker.setAttribute('cx', this.X(best.x));
    this.marker.setAttribute('cy', this.Y(best.y));
    this.marker.setAttribute('visibility', 'visible');
    var tip = this.tip;
    while (tip.firstChild) { tip.removeChild(tip.firstChild); }
    this.describe(best).forEach(function (line, i) { html('div', i ? '' : 'tip-title', tip, line); });
    tip.hidden = false;
    var rect = this.svg.getBoundingClientRect();
    tip.style.left = Math.min(e.clientX - rect.left + 14, rect.width - 220) + 'px';
    tip.style.top = (e.clientY - rect.top + 14) + 'px';
  };

  // Where a point is on the screen (for tests and automation): series i, point j, timeline line k.
  Chart.prototype.screenOf = function (i, j, k) {
    var s = this.series[i], x, y;
    if (this.kind === 'percentiles') { x = s.points[j][0]; y = s.points[j][2]; } else { x = s.points[j][0]; y = s.points[j][LINES[k || 0].index]; }
    var p = new DOMPoint(this.X(x), this.Y(y)).matrixTransform(this.svg.getScreenCTM());
    return [p.x, p.y];
  };

  var charts = [];
  // A chart that fails leaves its figure as it was (the picture) and the others still work.
  function build(figure, kind) {
    if (!figure) { return; }
    var before = figure.childNodes.length;
    try {
      charts.push(new Chart(figure, kind));
    } catch (e) {
      while (figure.childNodes.length > before) { figure.removeChild(figure.lastChild); }
      if (window.console) { window.console.error(e); }
    }
  }
  build(document.getElementById('percentiles-figure'), 'percentiles');
  if (data.timeline) { build(document.getElementById('timeline-figure'), 'timeline'); }
  window.hdrReport = { charts: charts };
}());
