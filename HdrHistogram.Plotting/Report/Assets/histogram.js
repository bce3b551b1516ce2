// HdrHistogram's arithmetic in the browser, for the report's page and the worker that reads dropped logs: V2 counts
// payloads, a layout's index arithmetic, percentiles as HistogramBase computes them, and a histogram log read as the
// hdr tool reads it (the same time buckets, the same numbers). Plain JavaScript and the browser's
// DecompressionStream; no library.
var HdrMath = (function () {
  'use strict';
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
  Counts.prototype.stdDeviation = function () {
    if (!this.total) { return 0; }
    var mean = this.mean(), sum = 0;
    for (var i = 0; i < this.idx.length; i++) { var d = this.layout.median(this.idx[i]) * 1.0 - mean; sum += d * d * this.cnt[i]; }
    return Math.sqrt(sum / this.total);
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


  // ---- A histogram log, read as hdr report reads it ----

  var V2 = 0x1c849303, V2_COMPRESSED = 0x1c849304, ONE_YEAR = 365 * 24 * 3600.0, MAX_LEAVES = 8192, MAX_DRAWN = 2048;

  function int32(bytes, at) { return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) | 0; }
  function int64(bytes, at) { return int32(bytes, at) * 4294967296 + (int32(bytes, at + 4) >>> 0); }

  // The zlib stream of a compressed histogram, inflated by the browser (DecompressionStream 'deflate' reads zlib).
  // Written and read directly, one at a time: a Response around each, or many at once, costs twenty times as much.
  async function inflate(bytes) {
    var stream = new DecompressionStream('deflate'), writer = stream.writable.getWriter(), reader = stream.readable.getReader();
    writer.write(bytes);
    writer.close();
    var chunks = [], length = 0;
    for (;;) {
      var part = await reader.read();
      if (part.done) { break; }
      chunks.push(part.value);
      length += part.value.length;
    }
    if (chunks.length === 1) { return chunks[0]; }
    var all = new Uint8Array(length), at = 0;
    chunks.forEach(function (c) { all.set(c, at); at += c.length; });
    return all;
  }

  // One interval's histogram: {config: [lowest, digits], idx, cnt} (its non-zero counts), V2 or V2 compressed.
  async function decodeHistogram(bytes) {
    var cookie = int32(bytes, 0) & ~0xF0;
    if (cookie === V2_COMPRESSED) {
      return decodeHistogram(await inflate(bytes.subarray(8, 8 + int32(bytes, 4))));
    }
    if (cookie !== V2) {
      throw new Error('not a V2 integer histogram (cookie 0x' + (int32(bytes, 0) >>> 0).toString(16) + '): the page reads V2 and V2-compressed integer histograms');
    }
    if (int32(bytes, 8) !== 0) { throw new Error('a normalizing index offset the page does not read'); }
    var length = int32(bytes, 4), all = decodeAll(bytes.subarray(40, 40 + length), [length]);
    return { lowest: int64(bytes, 16), digits: int32(bytes, 12), idx: all.idx.subarray(0, all.start[1]), cnt: all.cnt.subarray(0, all.start[1]) };
  }

  // The layout [unitMagnitude, subBucketHalfCountMagnitude] of a lowest discernible value and significant digits.
  function layoutOf(lowest, digits) {
    var unit = Math.floor(Math.log(lowest) / Math.log(2));
    return [unit, Math.ceil(Math.log(2 * Math.pow(10, digits)) / Math.log(2)) - 1];
  }

  // Two sparse counts added: a walk over both, by index.
  function mergeTwo(a, b) {
    var idx = new Int32Array(a.idx.length + b.idx.length), cnt = new Float64Array(idx.length), i = 0, j = 0, n = 0;
    while (i < a.idx.length || j < b.idx.length) {
      if (j >= b.idx.length || (i < a.idx.length && a.idx[i] < b.idx[j])) { idx[n] = a.idx[i]; cnt[n++] = a.cnt[i++]; } else if (i >= a.idx.length || b.idx[j] < a.idx[i]) { idx[n] = b.idx[j]; cnt[n++] = b.cnt[j++]; } else { idx[n] = a.idx[i]; cnt[n++] = a.cnt[i++] + b.cnt[j++]; }
    }
    return { idx: idx.subarray(0, n), cnt: cnt.subarray(0, n) };
  }
  // Sparse counts added, pairwise (a dense array as long as the largest index, per merge, costs far more).
  function merged(parts) {
    if (!parts.length) { return { idx: new Int32Array(0), cnt: new Float64Array(0) }; }
    while (parts.length > 1) {
      var next = [];
      for (var i = 0; i < parts.length; i += 2) { next.push(i + 1 < parts.length ? mergeTwo(parts[i], parts[i + 1]) : parts[i]); }
      parts = next;
    }
    return parts[0];
  }

  // One tag's time buckets (TagTimeline): each the added counts of the intervals starting in it.
  function TagBuckets(tag, layout) { this.tag = tag; this.layout = layout; this.list = []; this.intervals = 0; this.worst = []; this.maxima = []; this.firstStamp = Infinity; this.lastStamp = -Infinity; }
  TagBuckets.prototype.find = function (index) {
    var list = this.list, lo = 0, hi = list.length;
    if (!hi || list[hi - 1].index < index) { return hi; }
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid].index < index) { lo = mid + 1; } else { hi = mid; } }
    return lo;
  };
  TagBuckets.prototype.add = function (h, index, startSec, timeSec, startStamp, endStamp, line) {
    var at = this.find(index);
    if (at >= this.list.length || this.list[at].index !== index) {
      this.list.splice(at, 0, { index: index, intervals: 0, first: Infinity, last: -Infinity, time: -Infinity, parts: [] });
    }
    var b = this.list[at];
    b.parts.push({ idx: h.idx, cnt: h.cnt });
    if (b.parts.length >= 64) { b.parts = [merged(b.parts)]; }
    b.intervals++;
    b.first = Math.min(b.first, startSec);
    b.last = Math.max(b.last, startSec);
    b.time = Math.max(b.time, timeSec);
    this.intervals++;
    this.firstStamp = Math.min(this.firstStamp, startStamp);
    this.lastStamp = Math.max(this.lastStamp, endStamp);
    var c = new Counts(this.layout, h.idx, h.cnt), max = c.max();
    this.maxima.push(max);
    this.worst.push({ startSec: startSec, startStamp: startStamp, max: max, count: c.total, line: line, order: this.worst.length });
  };
  TagBuckets.prototype.coarsen = function () {
    var out = [];
    this.list.forEach(function (b) {
      var index = Math.floor(b.index / 2), last = out[out.length - 1];
      if (last && last.index === index) {
        last.intervals += b.intervals;
        last.first = Math.min(last.first, b.first);
        last.last = Math.max(last.last, b.last);
        last.time = Math.max(last.time, b.time);
        last.parts = [merged(last.parts.concat(b.parts))];
      } else {
        b.index = index;
        b.parts = [merged(b.parts)];
        out.push(b);
      }
    });
    this.list = out;
  };

  // The numbers of a series as the report's data carries them (ReportData): values divided by ratio.
  TagBuckets.prototype.finish = function (percentiles, gapSec, ratio) {
    var self = this, layout = this.layout, list = this.list;
    list.forEach(function (b) { b.counts = merged(b.parts); b.parts = null; });
    var gap = function (i) { return i > 0 && list[i].first - list[i - 1].time > gapSec; };
    var shift = 0;
    var groups = function (s) { var n = 0; for (var i = 0; i < list.length; i++) { if (!i || Math.floor(list[i].index / Math.pow(2, s)) !== Math.floor(list[i - 1].index / Math.pow(2, s))) { n++; } } return n; };
    while (groups(shift) > MAX_DRAWN) { shift++; }
    var points = [];
    for (var from = 0; from < list.length;) {
      var to = from + 1, key = Math.floor(list[from].index / Math.pow(2, shift));
      while (to < list.length && Math.floor(list[to].index / Math.pow(2, shift)) === key) { to++; }
      var part = list.slice(from, to), sum = merged(part.map(function (b) { return b.counts; })), c = new Counts(layout, sum.idx, sum.cnt);
      var p = [part[part.length - 1].time, c.total, 0, gap(from) ? 1 : 0, Infinity, -Infinity];
      part.forEach(function (b) { p[2] += b.intervals; p[4] = Math.min(p[4], b.first); p[5] = Math.max(p[5], b.last); p[0] = Math.max(p[0], b.time); });
      percentiles.forEach(function (q) { p.push(q === null ? c.max() / ratio : c.valueAt(q) / ratio); });
      points.push(p);
      from = to;
    }
    var all = merged(list.map(function (b) { return b.counts; })), whole = new Counts(layout, all.idx, all.cnt);
    var sizes = list.map(function () { return 0; });
    var blocks = list.map(function (b, i) { return [b.first, b.last, b.time, b.intervals, gap(i) ? 1 : 0, sizes[i]]; });
    var decoded = { idx: [], cnt: [], start: [] }, n = 0;
    list.forEach(function (b) { decoded.start.push(n); for (var i = 0; i < b.counts.idx.length; i++) { decoded.idx.push(b.counts.idx[i]); decoded.cnt.push(b.counts.cnt[i]); n++; } });
    decoded.start.push(n);
    var p9999 = whole.valueAt(99.99), above = 0;
    this.maxima.forEach(function (m) { if (m > p9999) { above++; } });
    var worst = this.worst.slice().sort(function (a, b) { return b.max - a.max || a.order - b.order; }).slice(0, 10);
    return {
      tag: self.tag,
      layout: layout,
      points: points,
      blocks: blocks,
      decoded: { idx: Int32Array.from(decoded.idx), cnt: Float64Array.from(decoded.cnt), start: Int32Array.from(decoded.start), top: all.idx.length ? all.idx[all.idx.length - 1] : 0 },
      distribution: whole.distribution().map(function (q) { return [q[0], q[1], q[2] / ratio, q[3]]; }),
      summary: {
        intervals: this.intervals, spanSec: (this.lastStamp - this.firstStamp) / 1000, count: whole.total, min: whole.min(), p50: whole.valueAt(50), p90: whole.valueAt(90), p99: whole.valueAt(99),
        p999: whole.valueAt(99.9), p9999: p9999, max: whole.max(), mean: whole.mean(), stdDeviation: whole.stdDeviation()
      },
      worst: worst,
      above: above
    };
  };

  // Reads a histogram log's text as hdr report reads it (HistogramLogReader's rules for StartTime, BaseTime and the
  // timestamps; intervals starting before the start time left out; TimelineBuilder's buckets). Resolves to
  // {startTimeSec, series: [TagBuckets.finish()...]}, untagged first, then tags by name.
  async function readLog(text, percentiles, ratio) {
    var lines = text.split('\n'), startTime = 0, seenStart = false, base = 0, seenBase = false;
    var tags = {}, order = [], origin = NaN, width = 0, firstLength = NaN;
    for (var n = 0; n < lines.length; n++) {
      var number = n + 1, line = lines[n].replace(/\r$/, '').trim();
      if (!line.length) { continue; }
      if (line.indexOf('#[StartTime: ') === 0) { startTime = parseFloat(line.substring(13)); seenStart = true; continue; }
      if (line.indexOf('#[BaseTime: ') === 0) { base = parseFloat(line.substring(12)); seenBase = true; continue; }
      if (line[0] === '#' || line[0] === '"') { continue; }
      var tag = null;
      if (line.indexOf('Tag=') === 0) { var comma = line.indexOf(','); tag = line.substring(4, comma); line = line.substring(comma + 1); }
      var fields = line.split(',');
      if (fields.length < 4) { throw new Error('line ' + number + ' is not an interval line'); }
      var timestamp = Number(fields[0]), length = Number(fields[1]);
      if (!seenStart) { startTime = timestamp; seenStart = true; }
      if (!seenBase) { base = timestamp < startTime - ONE_YEAR ? startTime : 0; seenBase = true; }
      var absoluteStart = timestamp + base, absoluteEnd = absoluteStart + length, startSec = absoluteStart - startTime;
      if (startSec < 0) { continue; }
      var h;
      try {
        h = await decodeHistogram(base64Bytes(fields[3]));
      } catch (e) {
        throw new Error('line ' + number + ': ' + (e && e.message || e));
      }
      if (isNaN(origin)) { origin = startSec; firstLength = length; width = (length > 0 && isFinite(length) ? length : 1e-3) / 1024; }
      var key = tag === null ? '' : 'tag:' + tag, layout = layoutOf(h.lowest, h.digits);
      if (!tags[key]) { tags[key] = new TagBuckets(tag, new Layout(layout)); tags[key].pair = layout; order.push(tags[key]); }
      var t = tags[key];
      if (t.pair[0] !== layout[0] || t.pair[1] !== layout[1]) { throw new Error('line ' + number + ': an interval of another layout than its tag\'s first'); }
      var endStamp = Math.trunc(absoluteEnd * 1000);
      t.add(h, Math.floor((startSec - origin) / width), startSec, endStamp / 1000 - startTime, Math.trunc(absoluteStart * 1000), endStamp, number);
      if (t.list.length > MAX_LEAVES) { width *= 2; order.forEach(function (o) { o.coarsen(); }); }
    }
    if (!order.length) { throw new Error('no intervals'); }
    var gapSec = isFinite(firstLength) && firstLength > 0 ? firstLength / 2 : Infinity;
    order.sort(function (a, b) { return a.tag === null ? -1 : b.tag === null ? 1 : a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0; });
    return { startTimeSec: startTime, series: order.map(function (t) { var r = t.finish(percentiles, gapSec, ratio); r.pair = t.pair; return r; }) };
  }

  return { Layout: Layout, Counts: Counts, countAtPercentile: countAtPercentile, decodeAll: decodeAll, base64Bytes: base64Bytes, readLog: readLog };
}());
