#!/usr/bin/env bash
# Acceptance checks for hdr plot / hdr report, on logs no test uses:
#   eng/plot-acceptance.sh NS_LOG US_LOG [HGRM]
# NS_LOG: a histogram log in nanoseconds (e.g. jHiccup's), US_LOG: one in microseconds (e.g. YCSB's), HGRM: a Java
# .hgrm file (default: HistogramLogProcessor's distribution of NS_LOG, made here with hdr process). Checks that
#   - the percentile SVG parses as XML, has a line per input and a legend naming each file, and a 99.9% tick;
#   - the timeline PNG of each log is a real PNG of at least 600x300;
#   - the .hgrm plots;
#   - the HTML report has inline SVG, no network reference, and the total counts and maxima hdr process prints.
# Prints one line per check and exits non-zero on the first failure. Needs the .NET SDK and python3.
set -euo pipefail
ns_log=$(realpath "$1"); us_log=$(realpath "$2"); hgrm=${3:+$(realpath "$3")}
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
dotnet build HdrHistogram.Tool/HdrHistogram.Tool.csproj -c Release --nologo -v quiet >/dev/null
hdr() { dotnet HdrHistogram.Tool/bin/Release/net10.0/HdrHistogram.Tool.dll "$@"; }
if [ -z "$hgrm" ]; then hdr process -i "$ns_log" -o "$out/ns" -outputValueUnitRatio 1000000; hgrm="$out/ns.hgrm"; fi

hdr plot "$ns_log" "$us_log" --values-in ns,us -o "$out/both.svg"
hdr plot "$ns_log" --kind timeline -o "$out/ns-timeline.png"
hdr plot "$us_log" --values-in us --kind timeline -o "$out/us-timeline.png"
hdr plot "$hgrm" -o "$out/hgrm.svg"
hdr report "$ns_log" "$us_log" --values-in ns,us -o "$out/report.html"
hdr process -i "$ns_log" -o "$out/p-ns" -outputValueUnitRatio 1000000
hdr process -i "$us_log" -o "$out/p-us" -outputValueUnitRatio 1000

python3 - "$out" "$ns_log" "$us_log" "$hgrm" <<'PY'
import html, re, struct, sys, xml.etree.ElementTree as ET
out, ns_log, us_log, hgrm = sys.argv[1:]
SVG = '{http://www.w3.org/2000/svg}'
def check(ok, what):
    print(('ok    ' if ok else 'FAIL  ') + what)
    if not ok: sys.exit(1)
def texts(path):
    return [(t.text or '').strip() for t in ET.parse(path).getroot().iter(SVG + 'text')]
both = texts(out + '/both.svg')
check(True, 'both.svg parses as XML')
check(ns_log in both and us_log in both, 'legend names each file: ' + ns_log + ', ' + us_log)
check('99.9%' in both, 'a 99.9% tick')
lines = [p for p in ET.parse(out + '/both.svg').getroot().iter(SVG + 'path') if p.get('stroke') in ('#1F77B4', '#FF7F0E')]
check(len(lines) == 4, 'a line (and legend sample) per input: %d paths' % len(lines))
for name in ('ns-timeline.png', 'us-timeline.png'):
    data = open(out + '/' + name, 'rb').read()
    w, h = struct.unpack('>II', data[16:24])
    check(data[:8] == b'\x89PNG\r\n\x1a\n' and data[12:16] == b'IHDR' and w >= 600 and h >= 300 and len(data) > 10000, '%s is a real PNG, %dx%d, %d bytes' % (name, w, h, len(data)))
check(hgrm in texts(out + '/hgrm.svg') and '99.9%' in texts(out + '/hgrm.svg'), 'the .hgrm plots, legend ' + hgrm)
page = open(out + '/report.html', encoding='utf-8').read()
check(len(re.findall(r'<svg[ >]', page)) == 2 and '<img' not in page, 'the report has both plots as inline SVG')
urls = [u for u in re.findall(r'https?://[^\s"\'<>)]+', page) if not u.startswith('http://www.w3.org/')]
check(not urls and '<script src' not in page and '<link' not in page and '@import' not in page, 'no network reference (no script, link, import or URL but SVG namespaces)')
rows = [[html.unescape(c) for c in m.split('</td><td>')] for m in re.findall(r'<tr><td>(.*?)</td></tr>', page)]
for prefix, log in (('p-ns', ns_log), ('p-us', us_log)):
    hg = open(out + '/' + prefix + '.hgrm').read()
    mx, total = re.search(r'#\[Max\s+=\s+(\S+), Total count\s+=\s+(\d+)\]', hg).groups()
    row = [r for r in rows if r[0] == log][0]
    check(row[4] == total and row[11] == mx, 'report row of %s: count %s, max %s; hdr process: %s, %s' % (log, row[4], row[11], total, mx))
PY
